import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
    },
  },
  {
    files: ['libs/src/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
);
