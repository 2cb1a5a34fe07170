import { z } from 'zod';

export const appInfoSchema = z.object({
  version: z.string(),
  /** True when the data comes from the built-in emulator (`npm run demo`), not real game servers. */
  demoMode: z.boolean(),
});

export type AppInfo = z.infer<typeof appInfoSchema>;
