/**
 * How a department's server hands a census package to the society's hub (ARCHITECTURE.md "The
 * society's hub"): the path it posts the ZIP to and the headers that name and authenticate the
 * department. The department's client, the hub's controller and the OpenAPI document all read these.
 */
export const HUB_PACKAGES_PATH = '/api/hub/packages';
/** The department the API key was issued to (DEPARTMENT_ID of the sending server). */
export const DEPARTMENT_HEADER = 'x-department-id';
/** The key the hub issued to that department (SOCIETY_API_KEY), stored hashed at the hub. */
export const API_KEY_HEADER = 'x-api-key';
/** The package's file name, kept by the hub for its list. */
export const FILE_NAME_HEADER = 'x-file-name';
/** Where a department fetches its standing beside the national figures, with the same two headers (issue 29). */
export const HUB_STANDING_PATH = '/api/hub/standing';
