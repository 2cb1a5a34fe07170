import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import frontline from './tools/eslint-plugin-frontline/index.ts';

// One lint setup for every workspace, with type-aware rules (floating promises, unsafe `any`).
export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', '.test-results/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify plugins and test callbacks are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      // A switch over a union names every member: a `default:` does not stand in for a missing case, so adding a
      // member to a union (a game, a period, a kind of event) shows every switch that must learn it.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: false, allowDefaultCaseForExhaustiveSwitch: true },
      ],
    },
  },
  {
    // DESIGN.md Conventions, enforced: the layer rules of both apps (docs/architecture.md, Boundaries) and no
    // import cycles anywhere. The project's own plugin: it resolves each relative import to its file.
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    plugins: { frontline },
    rules: { 'frontline/boundaries': 'error', 'frontline/no-import-cycles': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
