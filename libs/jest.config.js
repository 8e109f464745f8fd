/** Unit tests of the shared domain rules. Only `src` is looked at: libs/web and libs/build are other packages. */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  collectCoverageFrom: ['src/**/*.ts', '!src/**/*.spec.ts', '!src/**/*.test-helpers.ts'],
  coverageReporters: ['text-summary', 'text'],
  coverageThreshold: { global: { lines: 95 } },
};
