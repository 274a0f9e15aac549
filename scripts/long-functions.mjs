#!/usr/bin/env node
/**
 * Lists the functions longer than a limit (150 lines): function declarations and expressions, arrow functions,
 * methods, accessors and constructors (so React components too), nested ones counted on their own, in the
 * repository's TypeScript and JavaScript outside node_modules, dist and generated folders, and outside the tests
 * (`*.test.*` files and e2e/tests/, whose `describe` callbacks are suites, not functions; `--tests` counts them
 * too). Each is printed as
 * `file:line  length  name`, longest first.
 *
 * It fails (exit 1) when more functions than `--max-over` exceed the limit, or any exceeds `--cap` lines, so
 * that `npm run lint` keeps the count from growing. The defaults are the counts the day the check came in;
 * lower them as functions are split.
 *
 *   node scripts/long-functions.mjs [--limit 150] [--max-over N] [--cap 300] [--all] [--tests] [dir …]
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const LIMIT = 150;
const MAX_OVER = 0;
const CAP = 150;

const SKIP = new Set(['node_modules', 'dist', 'data', '.git', '.e2e-artifacts', 'coverage', 'drizzle']);
const EXT = /\.(?:[cm]?[jt]s|tsx|jsx)$/;

function parseArgs(argv) {
  const opts = { limit: LIMIT, maxOver: MAX_OVER, cap: CAP, all: false, tests: false, roots: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = Number(argv[++i]);
      if (!Number.isInteger(v) || v < 0) throw new Error(`${a} needs a whole number`);
      return v;
    };
    if (a === '--limit') opts.limit = value();
    else if (a === '--max-over') opts.maxOver = value();
    else if (a === '--cap') opts.cap = value();
    else if (a === '--all') opts.all = true;
    else if (a === '--tests') opts.tests = true;
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else opts.roots.push(a);
  }
  if (opts.roots.length === 0) opts.roots.push('.');
  return opts;
}

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (EXT.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (parent && ts.isCallExpression(parent)) {
    const callee = parent.expression.getText();
    return `<callback of ${callee.length > 40 ? callee.slice(0, 40) + '…' : callee}>`;
  }
  return '<anonymous>';
}

function functionsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const kind = file.endsWith('x')
    ? ts.ScriptKind.TSX
    : file.endsWith('ts')
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file, line: start + 1, length: end - start + 1, name: nameOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const all = [];
  const isTest = (file) =>
    /\.test\.[cm]?[jt]sx?$/.test(file) || file.split(path.sep).join('/').includes('e2e/tests/');
  for (const root of opts.roots)
    for (const file of sourceFiles(root)) if (opts.tests || !isTest(file)) all.push(...functionsOf(file));
  const over = all.filter((f) => f.length > opts.limit).sort((a, b) => b.length - a.length);
  const shown = opts.all ? all.sort((a, b) => b.length - a.length) : over;
  for (const f of shown) {
    console.log(
      `${`${path.relative('.', f.file)}:${f.line}`.padEnd(70)} ${String(f.length).padStart(5)}  ${f.name}`,
    );
  }
  // the longest of all, not of those over the limit: a report of "longest 0" said nothing
  const longest = all.reduce((max, f) => (f.length > max.length ? f : max), { length: 0, name: '-' });
  console.log(
    `${over.length} of ${all.length} functions over ${opts.limit} lines (allowed ${opts.maxOver}); ` +
      `longest ${longest.length} lines, ${longest.name} (allowed ${opts.cap})`,
  );
  const problems = [];
  if (over.length > opts.maxOver)
    problems.push(`${over.length} functions over ${opts.limit} lines, at most ${opts.maxOver} allowed`);
  if (longest.length > opts.cap)
    problems.push(`${over.filter((f) => f.length > opts.cap).length} over ${opts.cap} lines`);
  if (problems.length > 0) {
    console.error(`long-functions: ${problems.join('; ')}: split them.`);
    process.exitCode = 1;
  }
}

main();
