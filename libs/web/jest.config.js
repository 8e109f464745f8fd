import { createJestConfig } from './jest/jest-preset.js';

export default createJestConfig({ dir: import.meta.dirname });
