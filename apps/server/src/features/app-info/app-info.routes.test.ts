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
      expect(response.json()).toEqual({ version: APP_VERSION, demoMode: expected });
      await app.close();
    }
  });
});
