import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, type Diagnostics } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every regular expression written in the source (literals, and RegExp of a literal pattern) goes
 * through a ReDoS checker: one that backtracks super-linearly lets a single long input block the
 * event loop for every user.
 */

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const sourceRoots = ['packages/domain/src', 'apps/server/src', 'apps/web/src'];

type FoundPattern = { where: string; source: string; flags: string };

const isCheckedSource = (path: string) =>
  (path.endsWith('.ts') || path.endsWith('.tsx')) && !path.endsWith('.d.ts') && !path.includes('.test.');

function sourceFiles(root: string): string[] {
  return readdirSync(join(repositoryRoot, root), { recursive: true, encoding: 'utf8' })
    .filter(isCheckedSource)
    .map((path) => join(root, path));
}

function patternsIn(path: string): FoundPattern[] {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, readFileSync(join(repositoryRoot, path), 'utf8'), ts.ScriptTarget.Latest, true, kind);
  const where = (node: ts.Node) => `${path}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
  const found: FoundPattern[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      const flagsStart = node.text.lastIndexOf('/');
      found.push({ where: where(node), source: node.text.slice(1, flagsStart), flags: node.text.slice(flagsStart + 1) });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const [pattern, flags] = node.arguments ?? [];
      if (pattern && ts.isStringLiteralLike(pattern)) {
        found.push({ where: where(node), source: pattern.text, flags: flags && ts.isStringLiteralLike(flags) ? flags.text : '' });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const verdict = (result: Diagnostics) =>
  result.status === 'vulnerable'
    ? `${result.complexity.summary}, e.g. ${result.attack.pattern}`
    : result.status === 'unknown'
      ? `could not be checked (${result.error.kind})`
      : 'safe';

describe('regular expressions in the source', () => {
  const patterns = sourceRoots.flatMap(sourceFiles).flatMap(patternsIn);

  it('finds the patterns of all three workspaces', () => {
    for (const root of sourceRoots)
      expect(
        patterns.some((pattern) => pattern.where.startsWith(root)),
        root,
      ).toBe(true);
  });

  it('has none that a long input can make backtrack super-linearly', async () => {
    const results = await Promise.all(patterns.map(async (pattern) => ({ pattern, result: await check(pattern.source, pattern.flags) })));
    const unsafe = results
      .filter(({ result }) => result.status !== 'safe')
      .map(({ pattern, result }) => `${pattern.where} /${pattern.source}/${pattern.flags}: ${verdict(result)}`);
    expect(unsafe).toEqual([]);
  });

  it('relies on a checker that recognises a vulnerable pattern', async () => {
    expect((await check('^(a+)+$', '')).status).toBe('vulnerable');
  });
});
