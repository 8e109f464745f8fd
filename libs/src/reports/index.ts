export * from './report-groups.js';
export * from './report-figures.js';
export * from './report-dimensions.js';
