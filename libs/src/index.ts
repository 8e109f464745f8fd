export * from './permissions/index.js';
export * from './api/index.js';
