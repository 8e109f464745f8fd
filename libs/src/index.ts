export * from './permissions/index.js';
export * from './api/index.js';
export * from './enums/index.js';
export * from './lookups/index.js';
export * from './derived/index.js';
export * from './rules/index.js';
export * from './validation/index.js';
export * from './reports/index.js';
