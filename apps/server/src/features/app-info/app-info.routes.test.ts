import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { APP_VERSION } from '../../version.ts';

describe('GET /stats/app/info', () => {
  it('says whether the site shows simulated data', async () => {
    for (const [demo, expected] of [
      ['true', true],
      ['false', false],
    ] as const) {
      const app = await createTestApp({ DEMO_MODE: demo });
      const response = await app.inject('/stats/app/info');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ version: APP_VERSION, demoMode: expected });
      await app.close();
    }
  });

  it('says how a visitor can sign in: Google with its client id, the demo provider, or not at all', async () => {
    const cases = [
      [{}, { available: false, googleClientId: null, demo: false }],
      [
        { GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' },
        { available: true, googleClientId: 'id.apps.googleusercontent.com', demo: false },
      ],
      [{ DEMO_SIGN_IN: 'true' }, { available: true, googleClientId: null, demo: true }],
    ] as const;
    for (const [env, signIn] of cases) {
      const app = await createTestApp(env);
      expect((await app.inject('/stats/app/info')).json()).toMatchObject({ signIn });
      await app.close();
    }
  });
});
