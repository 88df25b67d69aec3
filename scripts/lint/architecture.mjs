// Meridian's architecture as lint rules: which folder may import which. Each rule resolves an
// import's specifier to a repository path (relative paths and `@meridian/domain/*`) and judges
// the pair of folders, so a boundary is kept by the linter rather than by review.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The repository path an import names, without its extension, or undefined for a package. */
function importedPath(filename, specifier) {
  if (specifier.startsWith('.')) return repoPath(resolve(dirname(filename), specifier));
  if (specifier.startsWith('@meridian/domain/')) return `packages/domain/src/${specifier.slice('@meridian/domain/'.length)}`;
  return undefined;
}

function repoPath(absolute) {
  return relative(root, absolute)
    .split(sep)
    .join('/')
    .replace(/\.(tsx?|mjs|js)$/, '');
}

const isTestFile = (path) =>
  /\.(test|e2e)$/.test(path) || /(^|\/)test\//.test(path) || path.startsWith('e2e/') || path.startsWith('bench/');

/** Reports every import, export-from and dynamic import in a file whose target `judge` refuses. */
function importRule(description, judge) {
  return {
    meta: { type: 'problem', docs: { description }, schema: [] },
    create(context) {
      const from = repoPath(context.filename);
      const check = (node) => {
        if (!node.source || typeof node.source.value !== 'string') return;
        const target = importedPath(context.filename, node.source.value) ?? node.source.value;
        const message = judge(from, target);
        if (message) context.report({ node: node.source, message });
      };
      return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
    },
  };
}

/** The domain folder a path belongs to: a server module or a web feature. */
function domainFolder(path) {
  return /^apps\/(server\/src\/modules|web\/src\/features)\/[^/]+/.exec(path)?.[0];
}

let folderGraph;
/** Which domain folders each domain folder's product code imports (type-only imports excepted). */
function domainFolderGraph() {
  if (folderGraph) return folderGraph;
  folderGraph = new Map();
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
    );
  for (const base of ['apps/server/src/modules', 'apps/web/src/features']) {
    for (const file of walk(join(root, base))) {
      const from = repoPath(file);
      const folder = domainFolder(from);
      if (!folder || isTestFile(from)) continue;
      const edges = folderGraph.get(folder) ?? new Set();
      folderGraph.set(folder, edges);
      for (const [, typeOnly, specifier] of readFileSync(file, 'utf8').matchAll(
        /(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]/g,
      )) {
        const target = specifier && !typeOnly ? domainFolder(importedPath(file, specifier) ?? '') : undefined;
        if (target && target !== folder) edges.add(target);
      }
    }
  }
  return folderGraph;
}

/** A path of domain folders from `start` back to `goal`, if there is one. */
function pathBetween(start, goal) {
  const graph = domainFolderGraph();
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length > 0) {
    const path = queue.shift();
    for (const next of graph.get(path.at(-1)) ?? []) {
      if (next === goal) return [...path, next];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...path, next]);
      }
    }
  }
  return undefined;
}

const webFeature = /^apps\/web\/src\/features\/([^/]+)\/(.+)$/;
const serverModule = /^apps\/server\/src\/modules\/([^/]+)\/(.+)$/;

export const architecture = {
  rules: {
    // A web feature is entered through its public file (features/<name>/index.ts) or not at all.
    'feature-public-file': importRule('a feature imports another feature only through its index.ts', (from, target) => {
      const source = webFeature.exec(from);
      const destination = webFeature.exec(target);
      if (!source || !destination || source[1] === destination[1] || destination[2] === 'index') return undefined;
      return `features/${source[1]} reaches into features/${destination[1]}/${destination[2]}: import its public file (features/${destination[1]}/index.ts), or move what both need to components/, lib/ or packages/domain`;
    }),
    // Shared layers serve every feature, so they know none of them.
    'shared-knows-no-feature': importRule('components/ and lib/ import no feature and not the app shell', (from, target) => {
      if (!/^apps\/web\/src\/(components|lib)\//.test(from)) return undefined;
      if (/^apps\/web\/src\/features\//.test(target)) return `${from} imports the feature ${target}: shared code knows no feature`;
      if (/^apps\/web\/src\/app\/router/.test(target)) return `${from} imports the router: shared code knows no route`;
      return undefined;
    }),
    // A server module uses another through its service, never its queries, routes or helpers.
    'module-public-service': importRule('a server module imports another only through its *.service.ts', (from, target) => {
      const source = serverModule.exec(from);
      const destination = serverModule.exec(target);
      if (!source || !destination || source[1] === destination[1]) return undefined;
      if (/\.service$/.test(destination[2]) || isTestFile(from)) return undefined;
      return `modules/${source[1]} reaches into modules/${destination[1]}/${destination[2]}: call its service, or move the shared piece to platform/ or db/`;
    }),
    // Domains depend one way: a server module or web feature that another depends on never
    // depends back on it, even through files that form no cycle of their own.
    'no-domain-cycle': importRule('no cycle between server modules or between web features', (from, target) => {
      const source = domainFolder(from);
      const destination = domainFolder(target);
      if (!source || !destination || source === destination || isTestFile(from)) return undefined;
      const back = pathBetween(destination, source);
      return back ? `${source} → ${back.join(' → ')} is a cycle: move what both need to a shared place` : undefined;
    }),
    // Test helpers live in a test folder, so product code can never pull one in.
    'test-helpers-in-test-folders': importRule('only tests and test folders import test libraries or test helpers', (from, target) => {
      if (isTestFile(from) || /vitest\.config$|vite\.config$/.test(from)) return undefined;
      if (/^(vitest|@testing-library\/)/.test(target)) return `${from} imports ${target}: a test helper belongs in a test/ folder`;
      if (/(^|\/)test\//.test(target) && target.startsWith('apps/')) return `${from} imports the test helper ${target}`;
      return undefined;
    }),
  },
};
