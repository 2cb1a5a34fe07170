import { z } from 'zod';

/** The one shape of every failed API answer. */
export const apiErrorSchema = z.object({
  /** Short machine-readable kind, e.g. `bad_request`, `not_found`. */
  error: z.string(),
  /** A sentence a person can read. */
  message: z.string(),
  /** For validation failures: which parameter and why. */
  details: z
    .array(
      z.object({
        parameter: z.string(),
        problem: z.string(),
      }),
    )
    .optional(),
});

export type ApiError = z.infer<typeof apiErrorSchema>;
