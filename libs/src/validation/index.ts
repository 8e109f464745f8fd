export * from './messages.js';
export * from './field-meta.js';
export * from './date.validation.js';
export * from './patient.validation.js';
export * from './close-case.validation.js';
export * from './account.validation.js';
export * from './plausibility.js';
export * from './case-save.validation.js';
