/**
 * One definition per endpoint, shared by both sides: the server registers its route from it
 * (validation, access rule, OpenAPI; server/http/route.ts) and the web app builds its call from it
 * (web/lib/api.ts), so a path, a field or a type is written once. docs/architecture.md section 6.
 */
import type { z } from 'zod';
import type { Role } from '../roles';
import { DATA_EDITORS } from '../roles';

/**
 * Who may call an endpoint. The server's guard enforces it on the route the router matched
 * (docs/architecture.md section 5); the web app uses it only to know which calls carry a token.
 */
export type Access =
  | 'public'
  | 'signed-in'
  | {
      roles: readonly Role[];
      /** The 403 message when the signed-in user's role is not among them. */
      forbidden: string;
    };

/** Any signed-in user, whatever the role. */
export const signedIn = 'signed-in' satisfies Access;
/** Managers and admins: imports and configuration changes (docs/behaviour.md sections 2 and 3). */
export const editorsOnly = {
  roles: DATA_EDITORS,
  forbidden: 'Only managers and admins can change data or configuration',
} satisfies Access;
export const adminsOnly = (forbidden: string) => ({ roles: ['admin'], forbidden }) satisfies Access;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  method: Method;
  /** Fastify's form: `:name` marks a path parameter, filled from `params`. */
  path: `/api/${string}`;
  access: Access;
  /** On a public endpoint: the caller is identified when a valid token comes along. */
  identifyIfSignedIn?: boolean;
  /**
   * On a signed-in endpoint: also callable with the setup token of a forced second-factor setup
   * (docs/behaviour.md section 20), which every other endpoint refuses.
   */
  setupToken?: true;
  /** The group it is listed under in the API docs (/api/docs). */
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * The JSON answer on success, 'file' for a download (a workbook), or 'redirect' for an address
   * the browser is sent to (302) rather than one the web app calls (single sign-on).
   */
  response: z.ZodType | 'file' | 'redirect';
  /** The success status when it is not 200. */
  status?: 201;
  /** The body is multipart/form-data (a file upload) rather than JSON. */
  multipart?: true;
  /** Said in /api/docs after who may call it: the fields of a multipart body, which no schema lists. */
  notes?: string;
}

/** Declares an endpoint, keeping its literal types (path, schemas) for both sides to infer from. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type Schema<E extends Endpoint, K extends 'params' | 'query' | 'body'> = E[K] extends z.ZodType
  ? E[K]
  : never;

/** What a caller sends: `z.input` of each schema the endpoint declares. */
export type EndpointInput<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: z.input<Schema<E, 'params'>> }
  : unknown) &
  (E['query'] extends z.ZodType ? { query?: z.input<Schema<E, 'query'>> } : unknown) &
  (E['body'] extends z.ZodType ? { body: z.input<Schema<E, 'body'>> } : unknown);

/** What the server hands the handler once validated: `z.output` of each schema. */
export type ParsedInput<E extends Endpoint, K extends 'params' | 'query' | 'body'> = E[K] extends z.ZodType
  ? z.output<Schema<E, K>>
  : unknown;

/** The success answer as the caller receives it; a Blob for a download. */
export type EndpointResponse<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : Blob;

/** `/api/auth/users/:id` with `{ id: 7 }` is `/api/auth/users/7`; each value is URL-encoded. */
export function fillPath(path: string, params: object | undefined): string {
  const values = new Map(Object.entries(params ?? {}));
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    if (!values.has(name)) throw new Error(`${path} needs the parameter ${name}`);
    return encodeURIComponent(String(values.get(name)));
  });
}

/** The query as sent: what is undefined, null or empty left out ('' means "not given" in every query). */
export function sentQuery(query: object | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
}

/** `?a=1&b=x`, of the query as sent. */
export function queryString(query: object | undefined): string {
  const pairs = Object.entries(sentQuery(query)).map(
    ([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`,
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
}
