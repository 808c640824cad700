import { z } from 'zod';
import { ERROR_CODE_LIST } from './error-codes';

/**
 * Every error body (docs/behaviour.md section 10): the words for people, the code to decide by,
 * and the request field it is about when it is about one.
 */
export const errorResponse = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.enum(ERROR_CODE_LIST),
  field: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const ok = z.object({ success: z.literal(true) });
export const messageResponse = ok.extend({ message: z.string() });

/** A calendar date `YYYY-MM-DD`. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
