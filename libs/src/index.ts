export * from './permissions/index.js';
