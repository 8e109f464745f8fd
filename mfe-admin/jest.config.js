import { createJestConfig } from '@pnss/web/jest';

export default createJestConfig({ dir: import.meta.dirname });
