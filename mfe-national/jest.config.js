import { createJestConfig } from '@pnss/web/jest';

const base = createJestConfig({ dir: import.meta.dirname });

export default { ...base, setupFilesAfterEnv: [...base.setupFilesAfterEnv, '<rootDir>/src/testing/setup-tests.ts'] };
