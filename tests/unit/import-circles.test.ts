import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const SOURCES = ['app', 'db', 'graphql', 'locales', 'server.ts'];
/** Objection models name each other in their relations; a circle among them is how relations are declared. */
const ALLOWED = /^db\/models\//;

function sourceFiles(entry: string): string[] {
  const full = path.join(root, entry);
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .flatMap((item) => {
      const relative = path.posix.join(entry, item.name);
      if (item.isDirectory()) return item.name === 'generated' ? [] : sourceFiles(relative);
      return /\.tsx?$/.test(item.name) && !/\.(test|spec)\.tsx?$/.test(item.name) && !item.name.endsWith('.d.ts') ? [relative] : [];
    });
}

/** Every file's static imports and re-exports (type-only included; `import()` loads later and closes no circle). */
function importGraph(): Map<string, string[]> {
  const config = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const files = SOURCES.flatMap(sourceFiles);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, false);
    const targets: string[] = [];
    for (const statement of source.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : null;
      if (!specifier) continue;
      const resolved = ts.resolveModuleName(specifier, path.join(root, file), options, ts.sys).resolvedModule?.resolvedFileName;
      const target = resolved && path.relative(root, resolved).split(path.sep).join('/');
      if (target && known.has(target)) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected components with more than one file (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import circles', () => {
  const graph = importGraph();

  it('reads the whole source tree, aliases included', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('server.ts')).toContain('app/server/app.server.ts');
    expect(graph.get('app/server/app.server.ts')).toContain('graphql/server.ts');
    expect(graph.get('graphql/multipart.ts')).toContain('graphql/request-language.ts');
  });

  it('finds a circle where there is one', () => {
    const withCircle = new Map(graph);
    withCircle.set('graphql/request-language.ts', [...(graph.get('graphql/request-language.ts') ?? []), 'graphql/multipart.ts']);
    expect(circles(withCircle)).toContainEqual(['graphql/multipart.ts', 'graphql/request-language.ts']);
  });

  it('leaves no circle outside db/models: a module is loaded after everything it imports', () => {
    const outside = circles(graph).filter((component) => !component.every((file) => ALLOWED.test(file)));
    expect(outside).toEqual([]);
  });
});
