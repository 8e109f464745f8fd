// Only the services compute rates; the browser modules show them and never import this subpath,
// so jstat stays out of their bundles.
export * from './rates.js';
export * from './funnel.js';
