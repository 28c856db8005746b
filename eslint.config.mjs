// @ts-check
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import prettier from 'eslint-config-prettier'
import astro from 'eslint-plugin-astro'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * The layers (docs/api.md). src/lib is shared by the browser and server/, so it imports no island, component,
 * page or page script, and neither does server/; islands import src/lib and other islands; components, pages
 * and src/scripts sit on top. Only src/lib/api/types.ts names server/, with `import type` (the API contract).
 * Imports and import() with a literal path are both checked, matched as written (relative or `~/`), so
 * `(\.\./)+` stands for any depth.
 */
const layer = {
  server: { regex: '^(\\.\\./)+server(/|$)', message: 'Only src/lib/api/types.ts names server/, and only with `import type`.' },
  web: {
    regex: '^((\\.\\./)+src/|~/)(islands|components|pages|scripts)(/|$)',
    message: 'server/ may use src/lib only: islands, components, pages and scripts are the browser’s.',
  },
  islands: {
    regex: '^((\\.\\./)+|~/)islands(/|$)',
    message: 'src/lib may not import islands: a page-entry script that mounts one belongs in src/scripts/.',
  },
  pages: {
    regex: '^((\\.\\./)+|~/)(components|pages|scripts)(/|$)',
    message: 'Components, pages and page scripts sit above src/lib and the islands.',
  },
  frozen: {
    regex: '^(\\.\\./|~/)',
    message: 'A migration is frozen: copy the code it needs into it (types may be imported). See server/db/migrations/index.ts.',
    allowTypeImports: true,
  },
}
/** @typedef {{ regex: string, message: string, allowTypeImports?: boolean }} Pattern */
/**
 * The import rules for files matching `files`: `patterns` forbidden (`allowTypeImports` keeps type imports).
 * @param {string[]} files
 * @param {Pattern[]} patterns
 * @param {string[]} [ignores]
 * @param {{ selector: string, message: string }[]} [syntax] more no-restricted-syntax entries for these files
 * @returns {import('eslint').Linter.Config}
 */
const restrict = (files, patterns, ignores = [], syntax = []) => ({
  files,
  ignores,
  rules: {
    '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
    // import() is not an import declaration: the same patterns, for dynamic imports with a literal path.
    'no-restricted-syntax': [
      'error',
      ...patterns.map(({ regex, message }) => ({
        selector: `ImportExpression > Literal[value=/${regex.replaceAll('/', '\\/')}/]`,
        message,
      })),
      ...syntax,
    ],
  },
})
/**
 * SQL lives in server/db/ (queries/, migrations, the handles): elsewhere in server/ a `sql` template,
 * `sql.raw`/`sql.ref` or a query builder call (`db.selectFrom(…)`, `insertInto`, `updateTable`, …) is an error.
 */
const sqlOutsideDb = /** @type {[string, string][]} */ ([
  ['TaggedTemplateExpression[tag.name="sql"]', 'a `sql` template'],
  ['MemberExpression[object.name="sql"]', '`sql.raw`, `sql.ref`, …'],
  [
    'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
    'a query builder call',
  ],
]).map(([selector, what]) => ({
  selector,
  message: `SQL lives in server/db/queries/: move ${what} into a query module there (server/README.md).`,
}))
const layers = () => [
  restrict(['server/**'], [layer.web]),
  restrict(['server/db/migrations/**'], [layer.web, layer.frozen]),
  // no-restricted-syntax takes one list per file: SQL's entries come with the same import rule.
  restrict(['server/**'], [layer.web], ['server/db/**'], sqlOutsideDb),
  restrict(['src/lib/api/types.ts'], [{ ...layer.server, allowTypeImports: true }, layer.islands, layer.pages]),
  restrict(['src/lib/**'], [layer.server, layer.islands, layer.pages], ['src/lib/api/types.ts']),
  restrict(['src/islands/**'], [layer.server, layer.pages]),
  restrict(['src/**'], [layer.server], ['src/lib/**', 'src/islands/**']),
]

export default defineConfig(
  {
    ignores: [
      'dist/',
      '.build/',
      '.astro/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'src/components/head-script.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  ...astro.configs.recommended,
  {
    files: ['**/*.astro'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // `const { id: _, ...rest } = row` is how an object loses a key without a copy-and-delete.
    rules: { '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }] },
  },
  ...layers(),
  {
    // API tests read untyped JSON answers and compare them with toMatchObject; typing every body would add nothing.
    files: ['tests/api/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  prettier,
)
