export * from './case-fixtures.test-helpers.js';
