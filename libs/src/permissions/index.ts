export * from './permission-names.js';
export * from './features.js';
export * from './seeded-roles.js';
export * from './access-flags.js';
export * from './route-permissions.js';
