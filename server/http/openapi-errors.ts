/**
 * The API document (/api/docs) lists the error body (common/api/shared.ts) as every operation's
 * 4XX and 5XX answer, beside its success, so a client sees `code` and `field` where it reads the
 * rest. Only in the document: the error handler (errors.ts) writes every error body itself, never
 * through a route's response schema.
 */
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorResponse } from '../../common/api/shared';

const failed = errorResponse.describe(
  'The error: `error` in words for people, `code` to decide by (docs/behaviour.md section 10), `field` when it is about one field of the request.',
);

export const documentTransform: typeof jsonSchemaTransform = (input) => {
  const { schema } = input;
  // The API's own operations carry a tag (route.ts); the document's own pages have none.
  if (!schema?.tags) return jsonSchemaTransform(input);
  const response = { ...(schema.response as object | undefined), '4XX': failed, '5XX': failed };
  return jsonSchemaTransform({ ...input, schema: { ...schema, response } });
};
