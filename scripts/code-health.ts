/**
 * Prints the structural figures issue 14 asked for, as `name: value unit` lines (the bench's format):
 * raw SQL templates against query-builder calls in the server's read and write code, imports that cross a
 * boundary (feature → another feature, shared → feature, db/ or read code → ingest/), and exported names
 * that only tests import. `npm run lint` keeps the second at 0; this script is for reporting.
 *
 *   npm run code-health [-- --list]   (--list names each import and export counted)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { boundaryBreak, placeOf } from '../tools/eslint-plugin-frontline/layers.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCE_ROOTS = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];
/** Code that uses the apps' exports without being part of them (its imports count as uses, not as tests). */
const CONSUMER_ROOTS = ['scripts', 'bench', 'e2e'];
const CONTRACT_INDEX = 'packages/contract/src/index.ts';
const TEST_FILE = /\.(test|spec)\.tsx?$|\/test\/|test-fixtures\.ts$/;

function listSourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : listSourceFiles(path);
    return /\.tsx?$/.test(entry) && !entry.endsWith('.d.ts') ? [path] : [];
  });
}

const files = SOURCE_ROOTS.flatMap((root) => listSourceFiles(join(ROOT, root)));
const consumers = CONSUMER_ROOTS.flatMap((root) => listSourceFiles(join(ROOT, root)));
const sources = new Map([...files, ...consumers].map((file) => [file, readFileSync(file, 'utf8')]));
const isTest = (file: string) =>
  TEST_FILE.test(relative(ROOT, file).split(sep).join('/')) || relative(ROOT, file).startsWith('e2e');
const contractFiles = files.filter((file) => file.includes('/packages/contract/src/'));

/** Relative imports (static, dynamic and re-exports), resolved to files. */
function importsOf(file: string): string[] {
  const text = sources.get(file) ?? '';
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*)'(\.[^']+)'/g)].map((match) => match[1] ?? '');
  return specifiers.map((specifier) => resolve(dirname(file), specifier));
}

// ── SQL ──
const serverCode = files.filter((file) => file.includes('/apps/server/src/') && !isTest(file));
const isDialectModule = (file: string) => file.endsWith('/db/dialect.ts');
// The dialect module is where SQLite-only SQL is meant to live; it is counted on its own.
const queryCode = serverCode.filter(
  (file) => !file.includes('/db/migrations/') && !file.includes('/emulator/') && !isDialectModule(file),
);
const count = (pattern: RegExp, list: string[]) =>
  list.reduce((sum, file) => sum + (sources.get(file)?.match(pattern)?.length ?? 0), 0);
const rawSql = count(/\bsql(<[^`]*?>)?`/g, queryCode);
const builderCalls = count(/\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|with)\(/g, queryCode);
const dialectModuleTemplates = count(/\bsql(<[^`]*?>)?`/g, serverCode.filter(isDialectModule));
const dialectFunctions = count(/\b(julianday|unixepoch|strftime|json_extract|datetime|ifnull)\s*\(/gi, queryCode);

// ── Boundaries (the lint rule's own layers, so the figures and `npm run lint` agree) ──
const boundaryList: string[] = [];
let crossFeature = 0;
let sharedToFeature = 0;
let readToIngest = 0;
for (const file of files.filter((candidate) => !isTest(candidate))) {
  const from = placeOf(file);
  if (!from) continue;
  for (const target of importsOf(file)) {
    const to = placeOf(target);
    const broken = from && to ? boundaryBreak(from, to) : undefined;
    if (!broken) continue;
    const crossing = `${relative(ROOT, file)} → ${relative(ROOT, target)}`;
    boundaryList.push(`${broken.kind}: ${crossing}`);
    if (broken.kind === 'crossFeature') crossFeature += 1;
    else if (broken.kind === 'readIntoIngest') readToIngest += 1;
    else sharedToFeature += 1;
  }
}

// ── Exports only tests import ──
const importedNames = new Map<string, { byCode: boolean; byTests: boolean }>();
function noteImport(importer: string, target: string, name: string) {
  // The contract package is imported by name through its index, which re-exports every module.
  const targets = target.endsWith(CONTRACT_INDEX) || target === '@frontline/contract' ? contractFiles : [target];
  for (const each of targets) {
    const key = `${each}#${name}`;
    const seen = importedNames.get(key) ?? { byCode: false, byTests: false };
    if (isTest(importer)) seen.byTests = true;
    else seen.byCode = true;
    importedNames.set(key, seen);
  }
}
for (const file of [...files, ...consumers]) {
  const text = sources.get(file) ?? '';
  for (const match of text.matchAll(/(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    const specifier = match[2] ?? '';
    if (!specifier.startsWith('.') && specifier !== '@frontline/contract') continue;
    const target = specifier.startsWith('.') ? resolve(dirname(file), specifier) : specifier;
    for (const raw of (match[1] ?? '').split(',')) {
      const name = raw
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) noteImport(file, target, name);
    }
  }
  // Lazy modules: `(await import('./page.tsx')).PageName`, and `() => import('./page.tsx'), (m) => m.PageName`.
  for (const match of text.matchAll(/import\(\s*'(\.[^']+)'\s*\)\)\.(\w+)/g)) {
    noteImport(file, resolve(dirname(file), match[1] ?? ''), match[2] ?? '');
  }
  for (const match of text.matchAll(/import\(\s*'(\.[^']+)'\s*\)[^;]{0,60}?\((\w+)\)\s*=>\s*\2\.(\w+)/g)) {
    noteImport(file, resolve(dirname(file), match[1] ?? ''), match[3] ?? '');
  }
}
let testOnlyExports = 0;
const testOnlyList: string[] = [];
for (const file of files.filter((candidate) => !isTest(candidate))) {
  const text = sources.get(file) ?? '';
  for (const match of text.matchAll(
    /^export\s+(?:async\s+)?(?:function\*?|const|let|class|interface|type|enum)\s+(\w+)/gm,
  )) {
    const name = match[1] ?? '';
    const seen = importedNames.get(`${file}#${name}`);
    const usedInOwnFile = new RegExp(`\\b${name}\\b`, 'g').exec(text.slice((match.index ?? 0) + match[0].length));
    if (seen?.byTests && !seen.byCode) {
      testOnlyExports += 1;
      testOnlyList.push(`${relative(ROOT, file)}#${name}${usedInOwnFile ? '' : ' (unused in its file)'}`);
    }
  }
}

console.log(`code_raw_sql_templates: ${rawSql} count`);
console.log(`code_query_builder_calls: ${builderCalls} count`);
console.log(`code_dialect_module_sql_templates: ${dialectModuleTemplates} count`);
console.log(`code_dialect_functions_outside_dialect_module: ${dialectFunctions} count`);
console.log(`code_cross_feature_imports: ${crossFeature} count`);
console.log(`code_shared_or_lower_to_feature_or_app_imports: ${sharedToFeature} count`);
console.log(`code_read_to_ingest_imports: ${readToIngest} count`);
console.log(`code_exports_only_tests_import: ${testOnlyExports} count`);
if (process.argv.includes('--list')) for (const line of boundaryList) console.log(`  ${line}`);
if (process.argv.includes('--list')) for (const line of testOnlyList) console.log(`  ${line}`);
