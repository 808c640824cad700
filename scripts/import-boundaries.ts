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

/**
 * The server's layers, bottom to top (docs/architecture.md section 1). A file imports from its own
 * layer or below; a feature reaches another feature only through that feature's index.ts; and no
 * folders import each other round in a circle. A new folder is given its layer here.
 */
export const SERVER_LAYERS: readonly (readonly [layer: string, folders: readonly string[]])[] = [
  ['platform', ['platform', 'db', 'jobs', 'http']],
  ['domain and file reading', ['domain', 'file-reading']],
  ['shared services', ['caller', 'audit', 'scoresheet', 'import-store']],
  [
    'features',
    [
      'auth',
      'sso',
      'users',
      'config',
      'uploads',
      'sync',
      'dashboard',
      'worklist',
      'activities',
      'patients',
      'goals',
      'marketing',
      'reports',
      'exports',
      'health',
      'backups',
    ],
  ],
  ['composition', ['(top)', 'samples', 'test']],
];
const FEATURES = new Set(SERVER_LAYERS[3][1]);

/** The server folder a path is in: `(top)` for files directly under server/. */
function serverFolder(path: string): string | undefined {
  const parts = path.split('/');
  if (parts[0] !== 'server') return undefined;
  return parts.length > 2 ? parts[1] : '(top)';
}
/** The server folder an import points at: a folder's own name for its index.ts. */
function serverTarget(to: string): string | undefined {
  const parts = to.split('/');
  if (parts[0] !== 'server') return undefined;
  return parts.length > 2 || layerOf(parts[1]) >= 0 ? parts[1] : '(top)';
}
const layerOf = (folder: string) => SERVER_LAYERS.findIndex(([, folders]) => folders.includes(folder));

/** The web app's rooms, bottom to top: what a room imports is at its level or below. */
const WEB_LAYERS: readonly (readonly string[])[] = [
  ['common'],
  ['lib', 'components', 'session'],
  ['features'],
  ['app'],
];
function webRoom(path: string): string | undefined {
  if (path.startsWith('common/')) return 'common';
  const parts = path.split('/');
  return parts[0] === 'web' && parts.length > 2 ? parts[1] : undefined;
}
const webLevelOf = (room: string) => WEB_LAYERS.findIndex((rooms) => rooms.includes(room));

/** Every import that crosses a wall, as `file: imports 'x' (reason)`. */
export function boundaryViolations(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const { path, source } of files) {
    for (const [statement, specifier] of source.matchAll(SPECIFIER)) {
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
      if (
        ['web/session/', 'web/components/', 'web/lib/'].some((dir) => path.startsWith(dir)) &&
        !isTest(path) &&
        to.path?.startsWith('web/features/')
      )
        say('the session, the components and lib, below the tabs, import none of them');
      if (
        path.startsWith('web/app/') &&
        !isTest(path) &&
        to.path?.startsWith('web/features/') &&
        !/^import\s*\(/.test(statement)
      )
        say('the shell reaches a tab only lazily, through import() in app/shell/tabs.ts');
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
      if (!isTest(path) && to.path) serverLayerViolation(path, to.path, say);
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
  for (const circle of folderCircles(files))
    found.push(`server folders import each other round a circle: ${circle.join(', ')}`);
  return found;
}

function serverLayerViolation(path: string, to: string, say: (reason: string) => void): void {
  const from = serverFolder(path);
  const target = serverTarget(to);
  if (!from || !target || from === target) return;
  const unplaced = [from, target].find((folder) => layerOf(folder) < 0);
  if (unplaced) {
    say(`server/${unplaced}/ has no layer: give it one in SERVER_LAYERS`);
    return;
  }
  if (layerOf(target) > layerOf(from))
    say(
      `${SERVER_LAYERS[layerOf(from)][0]} is below ${SERVER_LAYERS[layerOf(target)][0]}: import downward only`,
    );
  if (
    FEATURES.has(from) &&
    FEATURES.has(target) &&
    to !== `server/${target}` &&
    to !== `server/${target}/index`
  )
    say(`a feature uses another only through its index.ts (server/${target}/index.ts)`);
}

/** Folder-level arrows of the non-test code: `from -> to` with how many imports make each. */
export function folderArrows(files: readonly SourceFile[], side: 'server' | 'web'): Map<string, number> {
  const arrows = new Map<string, number>();
  const folder = side === 'server' ? serverFolder : webRoom;
  for (const { path, source } of files) {
    const from = folder(path);
    if (!from || isTest(path) || path.startsWith('server/test/')) continue;
    for (const [, specifier] of source.matchAll(SPECIFIER)) {
      const to = target(path, specifier).path;
      const toFolder = to ? (side === 'server' ? serverTarget : webRoom)(to) : undefined;
      if (!toFolder || toFolder === from) continue;
      const key = `${from} -> ${toFolder}`;
      arrows.set(key, (arrows.get(key) ?? 0) + 1);
    }
  }
  return arrows;
}

/** The server folders that reach one another round a circle (strongly connected, more than one). */
export function folderCircles(files: readonly SourceFile[]): string[][] {
  const next = new Map<string, string[]>();
  for (const arrow of folderArrows(files, 'server').keys()) {
    const [from, to] = arrow.split(' -> ');
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  // Tarjan's algorithm.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const circle: string[] = [];
      for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop()) circle.push(w);
      if (circle.length > 1) circles.push(circle.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return circles;
}

/** The counts a reader of the layout would draw: arrows, upward ones, and circles. */
export function layoutCounts(files: readonly SourceFile[]) {
  const server = folderArrows(files, 'server');
  const web = folderArrows(files, 'web');
  const upward = (arrows: Map<string, number>, level: (folder: string) => number) =>
    [...arrows.keys()].filter((arrow) => {
      const [from, to] = arrow.split(' -> ');
      return level(to) > level(from);
    });
  return {
    serverFolders: new Set([...server.keys()].flatMap((a) => a.split(' -> '))).size,
    serverArrows: server.size,
    serverUpward: upward(server, layerOf),
    serverCircles: folderCircles(files),
    webArrows: web.size,
    webUpward: upward(web, webLevelOf),
  };
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = repositorySources();
  const counts = layoutCounts(files);
  console.log(`server: ${counts.serverFolders} folders, ${counts.serverArrows} arrows`);
  console.log(`  upward: ${counts.serverUpward.length} ${counts.serverUpward.join(', ')}`);
  console.log(
    `  circles: ${counts.serverCircles.length} ${counts.serverCircles.map((c) => c.join(' ')).join('; ')}`,
  );
  console.log(
    `web: ${counts.webArrows} arrows, upward ${counts.webUpward.length} ${counts.webUpward.join(', ')}`,
  );
  const violations = boundaryViolations(files);
  for (const v of violations) console.log(v);
  process.exitCode = violations.length > 0 ? 1 : 0;
}
