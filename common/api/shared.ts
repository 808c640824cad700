import { z } from 'zod';

/** Every error body: docs/behaviour.md section 10. */
export const errorResponse = z.object({ success: z.literal(false), error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const ok = z.object({ success: z.literal(true) });
export const messageResponse = ok.extend({ message: z.string() });

/** A calendar date `YYYY-MM-DD`. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
