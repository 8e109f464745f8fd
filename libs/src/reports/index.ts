export * from './report-groups.js';
export * from './report-figures.js';
export * from './report-dimensions.js';
export * from './counting-rule.js';
export * from './case-facts.js';
export * from './suppression.js';
export * from './report-views.js';
export * from './rollup.js';
