import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * The project's relative imports as a graph, read from the files themselves with a regular expression (no
 * parsing, no type information), and its strongly connected components (Tarjan): two files import each
 * other, directly or through others, exactly when they share a component. Each file is read once and each
 * component found once per build, so checking every import of every file costs one pass over the project.
 *
 * The graph is rebuilt when it is older than GRAPH_LIFETIME_MS: a command-line run sees the files as they
 * are, and a long-lived process (an editor's ESLint server) sees an edit within seconds.
 */
const GRAPH_LIFETIME_MS = 10_000;

const SPECIFIER =
  /\b(?:from\s*|import\s*\(\s*|import\s+)(?:'(\.{1,2}\/[^'\n]+)'|"(\.{1,2}\/[^"\n]+)"|`(\.{1,2}\/[^`$\n]+)`)/g;
const COMMENT = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
const SOURCE_FILE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs'];

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The source file a relative specifier names (with or without its extension, or a folder's index), if any. */
export function resolveImport(importer: string, specifier: string): string | undefined {
  const base = resolve(dirname(importer), specifier);
  const candidates = [base, ...EXTENSIONS.map((extension) => base + extension)];
  candidates.push(...EXTENSIONS.map((extension) => `${base}/index${extension}`));
  // TypeScript's convention for ES modules: './x.js' names ./x.ts.
  if (base.endsWith('.js')) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((candidate) => SOURCE_FILE.test(candidate) && isFile(candidate));
}

function scanImports(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').replace(COMMENT, '');
  } catch {
    return [];
  }
  const targets = new Set<string>();
  for (const match of text.matchAll(SPECIFIER)) {
    const target = resolveImport(file, match[1] ?? match[2] ?? match[3] ?? '');
    if (target) targets.add(target);
  }
  return [...targets];
}

class ImportGraph {
  readonly builtAt = Date.now();
  private readonly edges = new Map<string, string[]>();
  private readonly component = new Map<string, number>();
  private readonly members: string[][] = [];

  importsOf(file: string): string[] {
    let targets = this.edges.get(file);
    if (!targets) {
      targets = scanImports(file);
      this.edges.set(file, targets);
    }
    return targets;
  }

  /** The component of a file, finding the components of everything it reaches on first use (iterative Tarjan). */
  componentOf(root: string): number {
    const known = this.component.get(root);
    if (known !== undefined) return known;
    const index = new Map<string, number>();
    const lowLink = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const work: { file: string; next: number }[] = [];
    const enter = (file: string) => {
      index.set(file, index.size);
      lowLink.set(file, index.get(file) ?? 0);
      stack.push(file);
      onStack.add(file);
      work.push({ file, next: 0 });
    };
    enter(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = this.importsOf(frame.file);
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (this.component.has(target)) continue;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) {
          lowLink.set(frame.file, Math.min(lowLink.get(frame.file)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) lowLink.set(parent.file, Math.min(lowLink.get(parent.file)!, lowLink.get(frame.file)!));
      if (lowLink.get(frame.file) === index.get(frame.file)) {
        const id = this.members.length;
        const members: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          this.component.set(member, id);
          members.push(member);
        } while (member !== frame.file);
        this.members.push(members);
      }
    }
    return this.component.get(root)!;
  }

  /** The shortest import path from `start` to `goal`, both ends included, or undefined when there is none. */
  private pathBetween(start: string, goal: string, within?: number): string[] | undefined {
    const cameFrom = new Map<string, string | null>([[start, null]]);
    const queue = [start];
    for (let head = 0; head < queue.length; head += 1) {
      const file = queue[head]!;
      if (file === goal) {
        const path: string[] = [];
        for (let step: string | null | undefined = file; step; step = cameFrom.get(step)) path.unshift(step);
        return path;
      }
      for (const target of this.importsOf(file)) {
        if (!cameFrom.has(target) && (within === undefined || this.component.get(target) === within)) {
          cameFrom.set(target, file);
          queue.push(target);
        }
      }
    }
    return undefined;
  }

  /**
   * The files an import from `importer` to `target` closes a cycle through (target … importer), or undefined.
   * The search for a path runs only when the two share a component, so an import outside every cycle costs
   * two map look-ups once the components are known.
   */
  cycleThrough(importer: string, target: string): string[] | undefined {
    if (importer === target) return [importer];
    const component = this.componentOf(importer);
    if (component === this.componentOf(target)) return this.pathBetween(target, importer, component);
    // The file being linted may differ from the one on disk (an editor's unsaved buffer): without that edge on
    // disk the components cannot tell, so the path is searched for.
    return this.importsOf(importer).includes(target) ? undefined : this.pathBetween(target, importer);
  }
}

let graph: ImportGraph | undefined;

export function currentImportGraph(now = Date.now()): ImportGraph {
  if (!graph || now - graph.builtAt > GRAPH_LIFETIME_MS) graph = new ImportGraph();
  return graph;
}
