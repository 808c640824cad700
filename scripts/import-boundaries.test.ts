import { boundaryViolations, repositorySources } from './import-boundaries';

describe('import boundaries', () => {
  it('hold in the repository', () => {
    const files = repositorySources();
    expect(files.length).toBeGreaterThan(200);
    expect(boundaryViolations(files)).toEqual([]);
  });

  it('a feature importing another feature is refused', () => {
    expect(
      boundaryViolations([
        { path: 'web/features/dashboard/x.tsx', source: "import { a } from '../patient-lookup/y';" },
        {
          path: 'web/features/dashboard/pdf/x.ts',
          source: "import { b } from '../parts';\nimport '../../../lib/api';",
        },
      ]),
    ).toEqual([
      "web/features/dashboard/x.tsx: imports '../patient-lookup/y' (a feature does not import another feature)",
    ]);
  });

  it('the tabs, the components, lib and the session import neither the app shell nor, from the session, a tab', () => {
    expect(
      boundaryViolations([
        { path: 'web/features/dashboard/x.tsx', source: "import { useAuth } from '../../app/auth';" },
        { path: 'web/features/dashboard/y.tsx', source: "import { useAuth } from '../../session/auth';" },
        { path: 'web/session/auth.tsx', source: "import { f } from '../features/dashboard/filters';" },
        { path: 'web/app/shell/x.tsx', source: "import { useAuth } from '../../session/auth';" },
      ]),
    ).toEqual([
      "web/features/dashboard/x.tsx: imports '../../app/auth' (the tabs and the pieces below them do not import the app shell; the session is in web/session/)",
      "web/session/auth.tsx: imports '../features/dashboard/filters' (the session, the components and lib, below the tabs, import none of them)",
    ]);
  });

  it('the shell reaches a tab only lazily, and the components and lib import no tab', () => {
    expect(
      boundaryViolations([
        {
          path: 'web/app/shell/tabs.ts',
          source: "const D = lazy(() => import('../../features/dashboard/tab'));",
        },
        { path: 'web/app/shell/x.tsx', source: "import { F } from '../../features/follow-ups/tab';" },
        { path: 'web/components/x.tsx', source: "import { F } from '../features/follow-ups/tab';" },
      ]),
    ).toEqual([
      "web/app/shell/x.tsx: imports '../../features/follow-ups/tab' (the shell reaches a tab only lazily, through import() in app/shell/tabs.ts)",
      "web/components/x.tsx: imports '../features/follow-ups/tab' (the session, the components and lib, below the tabs, import none of them)",
    ]);
  });

  it('the web app does not import server code, nor the server the web app', () => {
    expect(
      boundaryViolations([
        { path: 'web/lib/x.ts', source: "export { c } from '../../server/domain/money';" },
        { path: 'server/app.ts', source: "const m = await import('../web/lib/api');" },
        { path: 'common/api/x.ts', source: "import { z } from 'zod';" },
      ]),
    ).toHaveLength(2);
  });

  it('a route file imports neither app.ts nor another route file', () => {
    expect(
      boundaryViolations([
        {
          path: 'server/users/routes.ts',
          source: "import { x } from '../auth/routes';\nimport { y } from '../app';",
        },
        { path: 'server/users/routes.ts', source: "import { route } from '../http/route';" },
      ]),
    ).toEqual([
      "server/users/routes.ts: imports '../auth/routes' (a route file imports neither app.ts nor another route file; shared wiring lives in server/http/)",
      "server/users/routes.ts: imports '../auth/routes' (a feature uses another only through its index.ts (server/auth/index.ts))",
      "server/users/routes.ts: imports '../app' (a route file imports neither app.ts nor another route file; shared wiring lives in server/http/)",
      "server/users/routes.ts: imports '../app' (features is below composition: import downward only)",
    ]);
  });

  it('a server file imports downward only, a new folder needs a layer, and folders make no circle', () => {
    expect(
      boundaryViolations([
        {
          path: 'server/db/x.ts',
          source: "import { f } from '../dashboard';\nimport { c } from '../platform/clock';",
        },
        { path: 'server/caller/x.ts', source: "import { g } from '../domain/names';" },
        { path: 'server/gadgets/x.ts', source: "import { h } from '../db/client';" },
        { path: 'server/goals/x.ts', source: "import { a } from '../dashboard';" },
        { path: 'server/dashboard/x.ts', source: "import { b } from '../goals/index';" },
        { path: 'server/db/x.test.ts', source: "import { t } from '../test/harness';" },
      ]),
    ).toEqual([
      "server/db/x.ts: imports '../dashboard' (platform is below features: import downward only)",
      "server/gadgets/x.ts: imports '../db/client' (server/gadgets/ has no layer: give it one in SERVER_LAYERS)",
      'server folders import each other round a circle: dashboard, goals',
    ]);
  });

  it('the web app writes no API path of its own', () => {
    expect(
      boundaryViolations([
        { path: 'web/features/users/api.ts', source: "await fetch('/api/auth/users');" },
        { path: 'web/features/users/users-tab.test.tsx', source: "route('/api/auth/users');" },
      ]),
    ).toEqual([
      'web/features/users/api.ts: writes an /api/ path (call the endpoint from common/api through web/lib/api.ts)',
    ]);
  });

  it('domain rules import no database, HTTP or other server code', () => {
    const found = boundaryViolations([
      {
        path: 'server/domain/x.ts',
        source:
          "import pg from 'pg';\nimport { Db } from '../db/client';\nimport { d } from './dates';\nimport { r } from '../../common/roles';",
      },
      { path: 'server/domain/x.test.ts', source: "import { openPglite } from '../db/client';" },
    ]);
    expect(found).toEqual([
      "server/domain/x.ts: imports 'pg' (domain rules do not touch the database or HTTP)",
      "server/domain/x.ts: imports '../db/client' (domain rules import only other domain rules and the contract)",
    ]);
  });
});
