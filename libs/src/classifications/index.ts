export * from './robson.js';
export * from './icd-mm.js';
export * from './births.js';
export * from './robson-table.js';
