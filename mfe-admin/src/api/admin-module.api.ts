import { api } from '@pnss/web';

/**
 * The platform's API base with this module's cache tags. Every admin endpoint is injected into
 * it (accounts.api.ts, roles.api.ts), so a change on one screen refreshes the others:
 * - 'User' by user id, and 'User' LIST for the users table;
 * - 'Role' LIST for the roles grid and the role names of the user form;
 * - 'History' by entity id, for the history drawers.
 */
export const adminModuleApi = api.enhanceEndpoints({ addTagTypes: ['User', 'Role', 'History'] });

export const LIST_ID = 'LIST';
