export { renderWithProviders, type ProvidersOptions } from './render-with-providers.js';
export { mockApi, type MockAnswer, type MockRoutes, type MockedApi } from './mock-api.js';
export { mountModuleAt, type MountedModule } from './mount-module.js';
export { indexedDbText } from './indexed-db-text.js';
export { axeViolations } from './axe.js';
export { LocationProbe, requestBody } from './request-probes.js';
export { keptOfflineKey } from './kept-offline-key.js';
