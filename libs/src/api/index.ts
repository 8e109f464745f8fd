export * from './common.js';
export * from './accounts.js';
export * from './roles.js';
export * from './platform.js';
