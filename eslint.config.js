import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Features do not reach into each other (issue 9 item 4). A file in services/src/modules/<feature>/
 * may import from another feature only what Nest wiring needs: that feature's `<name>.module.js`
 * (to import the module) and its exported `<name>.service.js` (a provider injected across features,
 * with the types of its answers re-exported there); nothing else of a feature is public. auth/ and audit/ are the platform modules every feature builds on (guard,
 * decorators, the signed-in user, the audit log) and may be imported whole. Anything else two
 * features share (DTO validators, list queries, SQL conditions, dates) goes to services/src/common/.
 */
const PLATFORM_MODULES = ['auth', 'audit'];
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An import of another feature's internals from a file `up` levels below services/src/modules/. */
const crossFeatureImport = (up) => ({
  regex: `^${escapeRegex(up)}(?!(?:${PLATFORM_MODULES.join('|')})/)[a-z][\\w-]*/(?![\\w-]+\\.(?:module|service)\\.js$)`,
  message: "A feature imports another feature's module or service only: move what both use to services/src/common/ (see eslint.config.js).",
});
/** auth's SQL and session cache stay inside auth: other features reach sessions through SessionsService. */
const authRepositoryImport = (up) => ({
  regex: `^${escapeRegex(up)}auth/[\\w-]+\\.repository\\.js$`,
  message: "Sign-in sessions are reached through auth's SessionsService, not its repository.",
});

/**
 * One way to import libs (issue 26 item 3): as a package, by its subpaths (`@pnss/libs/api`,
 * `@pnss/libs/testing`, ...): the package has no barrel, and no other workspace reaches into its
 * source by a relative path. Every block below that sets no-restricted-imports repeats this, since a
 * later block's options replace an earlier one's.
 */
const LIBS_BARREL = {
  name: '@pnss/libs',
  message: "Import libs by its subpath (@pnss/libs/api, @pnss/libs/rules, ...): the package has no barrel.",
};
const LIBS_SOURCE = {
  regex: '^(?:\\.\\./)+libs/src/',
  message: 'Import libs as the package @pnss/libs/<area>, not its source files by a relative path.',
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', '**/data/**', 'services/drizzle/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly', process: 'readonly', window: 'readonly', document: 'readonly',
        localStorage: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly',
        URL: 'readonly', Buffer: 'readonly', __dirname: 'readonly',
      },
    },
    rules: {
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [LIBS_BARREL], patterns: [LIBS_SOURCE] }],
    },
  },
  {
    files: ['libs/src/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['services/src/modules/*/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [LIBS_BARREL], patterns: [LIBS_SOURCE, crossFeatureImport('../'), authRepositoryImport('../')] }] },
  },
  {
    files: ['services/src/modules/*/*/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [LIBS_BARREL], patterns: [LIBS_SOURCE, crossFeatureImport('../../'), authRepositoryImport('../../')] }] },
  },
);
