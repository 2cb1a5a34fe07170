import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll } from 'vitest';
import { noImportCycles } from './no-import-cycles.ts';
import { ruleTester } from './rule-tester.ts';

// The rule reads the other files from disk, as it does in the project: each case writes its own small tree.
const root = mkdtempSync(join(tmpdir(), 'frontline-cycles-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function project(name: string, files: Record<string, string>): (file: string) => { filename: string; code: string } {
  for (const [file, code] of Object.entries(files)) {
    const path = join(root, name, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, code);
  }
  return (file) => ({ filename: join(root, name, file), code: files[file] ?? '' });
}

const shown = (name: string) => (file: string) => relative(process.cwd(), join(root, name, file));

const chain = project('chain', {
  'a.ts': "import { b } from './b.ts';\nexport const a = b;",
  'b.ts': "import { c } from './lib/c.ts';\nexport const b = c;",
  'lib/c.ts': 'export const c = 1;',
});
const diamond = project('diamond', {
  'top.ts': "import './left.ts';\nimport './right.ts';",
  'left.ts': "import { shared } from './shared.ts';",
  'right.ts': "import { shared } from './shared.ts';",
  'shared.ts': '// Imports nothing: two paths to one file are not a cycle.\nexport const shared = 1;',
});
const commented = project('commented', {
  'a.ts': "/** Not an import: import { a } from './b.ts' */\nexport const a = 1;",
  'b.ts': "import { a } from './a.ts';",
});
const direct = project('direct', {
  'a.ts': "import { b } from './b.ts';\nexport const a = 1;",
  'b.ts': "import { a } from './a.ts';\nexport const b = 1;",
});
const dynamic = project('dynamic', {
  'strip.tsx': "const details = () => import('./extras.tsx');",
  'extras.tsx': "export { Details } from './details.tsx';",
  'details.tsx': "import { Forecast } from './strip.tsx';\nexport const Details = 1;",
});
const typeOnly = project('type-only', {
  'nav.ts': "import type { Header } from './header.ts';\nexport interface Nav { header: Header }",
  'header.ts': "import type { Nav } from './nav.ts';\nexport interface Header { nav: Nav }",
});
const extensionless = project('extensionless', {
  'x/index.ts': "import { y } from '../y';\nexport const x = 1;",
  'y.ts': "import { x } from './x';\nexport const y = 1;",
});

ruleTester.run('frontline/no-import-cycles', noImportCycles, {
  valid: [
    { name: 'a chain without a way back', ...chain('a.ts') },
    { name: 'the end of a chain', ...chain('lib/c.ts') },
    { name: 'two paths to one file', ...diamond('top.ts') },
    { name: 'an import written in a comment is not an import', ...commented('b.ts') },
    { name: 'a package import', filename: join(root, 'chain', 'a.ts'), code: "import { z } from 'zod';" },
    {
      name: 'a file that does not exist',
      filename: join(root, 'chain', 'a.ts'),
      code: "import { z } from './missing.ts';",
    },
  ],
  invalid: [
    {
      name: 'two files import each other',
      ...direct('a.ts'),
      // Named from where ESLint runs, the way a developer reads the paths.
      errors: [{ messageId: 'cycle', data: { path: ['a.ts', 'b.ts', 'a.ts'].map(shown('direct')).join(' → ') } }],
    },
    {
      name: 'a cycle through a dynamic import and a re-export',
      ...dynamic('details.tsx'),
      errors: [{ messageId: 'cycle' }],
    },
    {
      name: 'the dynamic import itself closes the same cycle',
      ...dynamic('strip.tsx'),
      errors: [{ messageId: 'cycle' }],
    },
    { name: 'type-only imports form a cycle too', ...typeOnly('nav.ts'), errors: [{ messageId: 'cycle' }] },
    {
      name: 'extensionless specifiers and folder indexes resolve',
      ...extensionless('y.ts'),
      errors: [{ messageId: 'cycle' }],
    },
    {
      name: 'a file that imports itself',
      filename: join(root, 'chain', 'lib/c.ts'),
      code: "import { c } from './c.ts';\nexport const c = 1;",
      errors: [{ messageId: 'cycle' }],
    },
  ],
});
