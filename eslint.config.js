import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

/**
 * Features never import from one another, whatever the spelling: `@/features/x/…` and a relative path that
 * climbs out of its own feature folder into another (`../../x/…`) are both refused.
 */
const FEATURES = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}features${path.sep}`;
const featureOf = (file) => {
  const i = file.indexOf(FEATURES);
  return i < 0 ? null : file.slice(i + FEATURES.length).split(path.sep)[0];
};
const boundaries = {
  rules: {
    'no-cross-feature': {
      meta: {
        type: 'problem',
        messages: { cross: 'Features do not import from other features ({{other}}); compose them in app/.' },
        schema: [],
      },
      create(context) {
        const own = featureOf(context.filename);
        if (!own) return {};
        const check = (node, source) => {
          if (!source || typeof source.value !== 'string') return;
          const spec = source.value;
          let target = null;
          if (spec.startsWith('.'))
            target = featureOf(path.resolve(path.dirname(context.filename), spec) + path.sep);
          else if (spec.startsWith('@/features/')) target = spec.split('/')[2];
          if (target && target !== own) context.report({ node, messageId: 'cross', data: { other: target } });
        };
        return {
          ImportDeclaration: (n) => check(n, n.source),
          ExportNamedDeclaration: (n) => check(n, n.source),
          ExportAllDeclaration: (n) => check(n, n.source),
          ImportExpression: (n) => check(n, n.source),
        };
      },
    },
  },
};

/**
 * Other packages through their public API only (issue 36): no code of ours reads or writes another
 * package's private members (`obj._x`, `obj['_x']`) or replaces its methods (an assignment to a
 * `.prototype` or to one of its members, a `.prototype` kept in a variable, `Object.defineProperty`/`assign`/`setPrototypeOf` on one). Our
 * own fields do not start with `_`. One exception: zod's `_zod`, the namespace zod documents for
 * library authors (zod.dev/library-authors), read by http/fast-input.ts.
 */
const PRIVATE = '/^_(?!zod$)/';
const publicApiOnly = [
  'error',
  {
    selector: `MemberExpression[computed=false][property.name=${PRIVATE}]`,
    message: "Another package's private member: use its public API (issue 36).",
  },
  {
    selector: `MemberExpression[computed=true][property.value=${PRIVATE}]`,
    message: "Another package's private member: use its public API (issue 36).",
  },
  {
    selector:
      "AssignmentExpression > MemberExpression.left[property.name='prototype'], AssignmentExpression > MemberExpression.left MemberExpression[property.name='prototype'], VariableDeclarator > MemberExpression.init[property.name='prototype'], VariableDeclarator > TSAsExpression.init MemberExpression[property.name='prototype']",
    message: "Replacing a method of a class (its prototype): use the package's public API (issue 36).",
  },
  {
    selector:
      "CallExpression[callee.object.name=/^(Object|Reflect)$/][callee.property.name=/^(defineProperty|defineProperties|assign|setPrototypeOf)$/] > MemberExpression.arguments:first-child[property.name='prototype']",
    message: "Replacing a method of a class (its prototype): use the package's public API (issue 36).",
  },
];

/**
 * The type-aware rules (a promise nobody awaits or handles, awaiting what is not a promise, a promise
 * where a plain value is expected) run in oxlint with TypeScript 7's checker (`.oxlintrc.json`, `oxlint
 * --type-aware` in `npm run lint`), with the same options: here they made ESLint build a TypeScript 6
 * program of the whole repository, most of a cold lint's time.
 */
export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/drizzle/**', '.e2e-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Features never import from one another; they are composed only in app/.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/no-cross-feature': 'error' },
  },
  {
    // The server's layers are one-way (db ← seed, modules, http ← app ← main): the db layer imports none
    // of those above it; what it needs from them is passed in (db/setup.ts takes the demo seeder).
    files: ['apps/server/src/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(seed|modules|http|app|main|scheduled)(/|\\.ts$)',
              message: 'The db layer imports nothing above it: take it as an argument (see db/setup.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Other packages through their public API only (above); tests and the bench too.
    files: ['apps/server/src/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-syntax': publicApiOnly },
  },
);
