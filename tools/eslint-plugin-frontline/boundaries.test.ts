import { boundaries } from './boundaries.ts';
import { ruleTester } from './rule-tester.ts';

// Paths only: the rule reads a file's layer from where it is, so the files need not exist.
const web = (path: string) => `/project/apps/web/src/${path}`;
const server = (path: string) => `/project/apps/server/src/${path}`;

ruleTester.run('frontline/boundaries', boundaries, {
  valid: [
    {
      name: 'a feature imports its own files',
      filename: web('features/players/routes/players-page.tsx'),
      code: "import { a } from '../lib/players-query.ts';",
    },
    {
      name: 'a feature imports shared code',
      filename: web('features/players/routes/players-page.tsx'),
      code: "import { a } from '../../../components/modal.tsx';\nimport { b } from '../../../lib/format.ts';",
    },
    {
      name: 'the web app layer imports features, also lazily',
      filename: web('app/router.tsx'),
      code: "import { A } from '../features/servers/routes/page.tsx';\nconst B = () => import('../features/players/routes/page.tsx');",
    },
    {
      name: 'the web entry imports the app layer',
      filename: web('main.tsx'),
      code: "import { AppRoutes } from './app/router.tsx';",
    },
    {
      name: "the server's composition root imports features",
      filename: server('app.ts'),
      code: "import { playersRoutes } from './features/players/players.routes.ts';",
    },
    {
      name: 'packages and bare specifiers are not layers',
      filename: web('lib/format.ts'),
      code: "import { GAMES } from '@frontline/contract';\nimport { useState } from 'react';",
    },
    {
      name: 'the collector imports db/ and lib/',
      filename: server('ingest/store/collector-store.ts'),
      code: "import { a } from '../../db/database.ts';\nimport { b } from '../../lib/clock.ts';",
    },
    {
      name: 'a read-side test writes its data through the collector',
      filename: server('features/rounds/rounds.routes.test.ts'),
      code: "import { createCollectorStore } from '../../ingest/store/collector-store.ts';",
    },
    {
      name: 'test helpers may set up any layer',
      filename: server('test/test-app.ts'),
      code: "import { buildApp } from '../app.ts';\nimport { x } from '../features/players/players.service.ts';",
    },
    {
      name: 'the emulator is a tool, not a layer',
      filename: server('emulator/seed.ts'),
      code: "import { upsert } from '../features/live-servers/server-profiles.repository.ts';",
    },
    {
      name: 'files outside the apps are not checked',
      filename: '/project/scripts/code-health.ts',
      code: "import { x } from '../apps/web/src/features/players/lib/windows.ts';",
    },
  ],
  invalid: [
    {
      name: 'a web feature imports another feature',
      filename: web('features/dashboard/dashboard-page.tsx'),
      code: "import { useSignedIn } from '../auth/use-signed-in.ts';",
      errors: [{ messageId: 'crossFeature', data: { from: 'dashboard', to: 'auth' } }],
    },
    {
      name: 'a server feature imports another feature (a re-export counts)',
      filename: server('features/rounds/rounds.routes.ts'),
      code: "export { parsePlayerName } from '../players/players.routes.ts';",
      errors: [{ messageId: 'crossFeature', data: { from: 'rounds', to: 'players' } }],
    },
    {
      name: 'a feature loads another feature lazily',
      filename: web('features/server-profile/components/forecast-strip.tsx'),
      code: "const details = () => import('../../servers/components/forecast-details.tsx');",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      name: 'a type-only import crosses as well',
      filename: web('features/server-profile/lib/insights.ts'),
      code: "import type { HistoryPoint } from '../../servers/lib/history.ts';",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      name: 'web shared code imports a feature',
      filename: web('components/layout/site-header.tsx'),
      code: "import { DemoNotice } from '../../features/app-info/demo-notice.tsx';",
      errors: [{ messageId: 'intoFeature', data: { layer: 'components/', to: 'app-info' } }],
    },
    {
      name: 'server shared code imports a feature',
      filename: server('db/database.ts'),
      code: "import { x } from '../features/players/players.repository.ts';",
      errors: [{ messageId: 'intoFeature', data: { layer: 'db/', to: 'players' } }],
    },
    {
      name: 'the collector imports a feature',
      filename: server('ingest/collector.ts'),
      code: "import { x } from '../features/live-servers/live-servers.service.ts';",
      errors: [{ messageId: 'intoFeature', data: { layer: 'ingest/', to: 'live-servers' } }],
    },
    {
      name: 'shared code imports the app layer',
      filename: web('components/layout/side-rail.tsx'),
      code: "import type { NavEntry } from '../../app/navigation.ts';",
      errors: [{ messageId: 'intoApp', data: { layer: 'components/' } }],
    },
    {
      name: 'a server feature imports the composition root',
      filename: server('features/health/health.routes.ts'),
      code: "import { buildApp } from '../../app.ts';",
      errors: [{ messageId: 'intoApp', data: { layer: 'features/' } }],
    },
    {
      name: 'server read code imports ingest/',
      filename: server('features/rounds/rounds.service.ts'),
      code: "import { decodeTimeline } from '../../ingest/timeline-codec.ts';",
      errors: [{ messageId: 'readIntoIngest', data: { layer: 'features/' } }],
    },
    {
      name: 'db/ imports ingest/',
      filename: server('db/database.ts'),
      code: "import { backfill } from '../ingest/store/round-aggregates.ts';",
      errors: [{ messageId: 'readIntoIngest', data: { layer: 'db/' } }],
    },
    {
      name: 'a web feature test is held to the feature rule too',
      filename: web('features/dashboard/dashboard-page.test.tsx'),
      code: "import { x } from '../players/lib/windows.ts';",
      errors: [{ messageId: 'crossFeature' }],
    },
  ],
});
