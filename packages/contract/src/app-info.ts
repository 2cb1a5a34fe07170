import { z } from 'zod';

/** How a visitor can sign in on this site (the server also writes it into index.html, meta `frontline:sign-in`). */
export const signInOptionsSchema = z.object({
  /** Sign-in works here: GOOGLE_CLIENT_ID is set, or the demo's identity provider is on. */
  available: z.boolean(),
  /** The OAuth client id Google Identity Services is started with; null when Google sign-in is off. */
  googleClientId: z.string().nullable(),
  /** The demo's local identity provider is on (`DEMO_SIGN_IN`): "Sign in (demo)" with ready-made users. */
  demo: z.boolean(),
});

export const appInfoSchema = z.object({
  version: z.string(),
  /** True when the data comes from the built-in emulator (`npm run demo`), not real game servers. */
  demoMode: z.boolean(),
  signIn: signInOptionsSchema,
});

export type AppInfo = z.infer<typeof appInfoSchema>;
export type SignInOptions = z.infer<typeof signInOptionsSchema>;
