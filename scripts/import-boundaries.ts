// The rooms of the code and which may import which (docs/architecture.md section 1), checked on
// every test run (import-boundaries.test.ts) instead of remembered.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, posix } from 'node:path';

export interface SourceFile {
  /** Path from the repository root, with forward slashes. */
  path: string;
  source: string;
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;
const DATABASE_PACKAGES = ['pg', 'pg-copy-streams', '@electric-sql/pglite', 'drizzle-orm', 'fastify'];

/** Where an import points: a repository path for a relative one, else the package name. */
function target(from: string, specifier: string): { path?: string; pkg?: string } {
  if (!specifier.startsWith('.')) {
    const parts = specifier.split('/');
    return { pkg: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0] };
  }
  return { path: posix.normalize(posix.join(dirname(from), specifier)) };
}

/** The web app's rooms under app/ (the shell), which reach it only by being rendered there. */
const BELOW_THE_APP = ['web/features/', 'web/components/', 'web/lib/', 'web/session/'];
const featureOf = (path: string) => /^web\/features\/([^/]+)\//.exec(path)?.[1];
const isRoutes = (path: string | undefined) =>
  path !== undefined && /^server\/[^/]+\/routes(\.ts)?$/.test(path);
// An API address written out as text instead of taken from its endpoint in common/api.
const API_PATH = /['"`]\/api\//;
const isTest = (path: string) =>
  /\.test\.tsx?$/.test(path) || path.startsWith('web/test-') || path.endsWith('fake-xhr.ts');

/** Every import that crosses a wall, as `file: imports 'x' (reason)`. */
export function boundaryViolations(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const { path, source } of files) {
    for (const [, specifier] of source.matchAll(SPECIFIER)) {
      const to = target(path, specifier);
      const say = (reason: string) => found.push(`${path}: imports '${specifier}' (${reason})`);
      const feature = featureOf(path);
      const toFeature = to.path ? (featureOf(`${to.path}/`) ?? featureOf(to.path)) : undefined;
      if (feature && toFeature && toFeature !== feature) say('a feature does not import another feature');
      if (
        BELOW_THE_APP.some((dir) => path.startsWith(dir)) &&
        !isTest(path) &&
        to.path?.startsWith('web/app/')
      )
        say('the tabs and the pieces below them do not import the app shell; the session is in web/session/');
      if (path.startsWith('web/session/') && to.path?.startsWith('web/features/'))
        say('the session, below the tabs, imports none of them');
      if ((path.startsWith('web/') || path.startsWith('common/')) && to.path?.startsWith('server/'))
        say('the web app and the contract do not import server code');
      if ((path.startsWith('server/') || path.startsWith('common/')) && to.path?.startsWith('web/'))
        say('server code and the contract do not import the web app');
      if (
        isRoutes(path) &&
        (to.path === 'server/app' || (isRoutes(to.path) && to.path !== path.slice(0, -3)))
      )
        say(
          'a route file imports neither app.ts nor another route file; shared wiring lives in server/http/',
        );
      if (path.startsWith('server/domain/') && !path.endsWith('.test.ts')) {
        if (to.path && !to.path.startsWith('server/domain') && !to.path.startsWith('common/'))
          say('domain rules import only other domain rules and the contract');
        if (to.pkg && DATABASE_PACKAGES.includes(to.pkg))
          say('domain rules do not touch the database or HTTP');
      }
    }
    if (path.startsWith('web/') && !isTest(path) && API_PATH.test(source))
      found.push(`${path}: writes an /api/ path (call the endpoint from common/api through web/lib/api.ts)`);
  }
  return found;
}

/** The tracked source files of the repository. */
export function repositorySources(): SourceFile[] {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'web', 'server', 'common'], {
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((path) => /\.(ts|tsx|mjs)$/.test(path))
    .map((path) => ({ path, source: readFileSync(path, 'utf8') }));
}
