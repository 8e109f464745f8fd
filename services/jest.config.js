import { availableParallelism, totalmem } from 'node:os';

/**
 * Native ESM jest (NestJS 12 is ESM-only): run with NODE_OPTIONS=--experimental-vm-modules.
 * `@pnss/libs` is mapped to its sources so the tests need no libs build.
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

/**
 * @fastify/static (CommonJS) requires content-disposition, which is ESM-only: Node (22.12 and
 * newer) can require() it, jest 30's module runtime cannot, so jest compiles it to CommonJS.
 */
const REQUIRED_ESM_PACKAGES = ['content-disposition'];

export default {
  testEnvironment: 'node',
  rootDir: '.',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': swc,
    [`/node_modules/(${REQUIRED_ESM_PACKAGES.join('|')})/.+\\.js$`]: ['@swc/jest', { jsc: { target: 'es2022' } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${REQUIRED_ESM_PACKAGES.join('|')})/)`],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^@pnss/libs$': '<rootDir>/../libs/src/index.ts',
    '^@pnss/libs/(.*)$': '<rootDir>/../libs/src/$1/index.ts',
  },
  // Generous for the hooks that start an app: on a loaded machine a start took more than 30 s, and a
  // start cut off by the timeout takes the whole run down (Nest exits the process when it cannot
  // load a package after jest tore the file's environment down). A failing test still fails at once.
  testTimeout: 120_000,
  // Two workers per core, at most one per 2 GB of memory. An API test file is not CPU-bound all
  // through: it waits for the job queue's poll (a package build), for the timeouts its tests wait out
  // (sign-in, the society) and for its app's start; a second worker per core runs another file
  // meanwhile. Each worker holds about 1.5 GB by its last file (its apps' embedded databases). Measured
  // on two cores (2026-11-26, nothing else running, every test passing): 124 s of wall time with four
  // workers. A number, not '200%': jest read that string as some two hundred workers.
  maxWorkers: Math.max(1, Math.min(availableParallelism() * 2, Math.floor(totalmem() / 2 ** 31))),
  // The migrated database template every API test file starts from, and the count of answers
  // validated against the OpenAPI document (test/support/contract-validator.ts).
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
};
