// Not re-exported by the package's root barrel: jstat stays out of the browser modules, which show
// the rates the services computed and never compute them. Import '@pnss/libs/rates'.
export * from './rates.js';
