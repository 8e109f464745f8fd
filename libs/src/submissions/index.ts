export * from './case-type-rule.js';
export * from './package-format.js';
export * from './package-csv.js';
export * from './package-dictionary.js';
export * from './package-status.js';
export * from './package-entries.js';
