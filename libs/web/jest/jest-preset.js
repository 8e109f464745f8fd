// The jest setup every front-end package shares: jsdom with fetch, antd's shims, swc for
// TS/TSX, and the workspaces mapped to their sources. A package's jest.config.js is one call.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = join(webDir, '..', '..');

/** @param {{ dir: string }} options the package folder */
export function createJestConfig({ dir }) {
  return {
    rootDir: dir,
    roots: ['<rootDir>/src'],
    testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
    testEnvironment: join(webDir, 'jest', 'jsdom-environment.js'),
    setupFilesAfterEnv: [join(webDir, 'jest', 'setup-tests.ts')],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    moduleNameMapper: {
      '^@pnss/libs$': join(repoRoot, 'libs', 'src', 'index.ts'),
      '^@pnss/libs/(.*)$': join(repoRoot, 'libs', 'src', '$1', 'index.ts'),
      '^@pnss/web$': join(webDir, 'src', 'index.ts'),
      '^@pnss/web/testing$': join(webDir, 'src', 'testing', 'index.ts'),
      '^(\\.{1,2}/.*)\\.js$': '$1',
      // @ant-design/icons' CommonJS build requires one file from the ESM build of its colours.
      '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
    },
    // A test's own waits (findBy, waitFor) keep their second; this bounds a whole test, which on a
    // loaded two-core machine (a load of 20) took more than 15 s for one that takes 2 s alone.
    testTimeout: 60_000,
    // jest's default leaves a core to its own process (cores - 1): one worker on CI's two cores. The
    // runner is idle while the files run, and each jsdom file is CPU-bound in its worker, so every
    // core works: mfe-cases' component tests took 736 s with one worker and 317 s with two.
    maxWorkers: '100%',
  };
}
