/** GET /api/checkupdate (SPEC.md §7). An update exists when currVersion < siteVersion. */
export interface CheckUpdateResponse {
  currVersion: string;
  siteVersion: string;
  /** Where the Update Available item and dialog send the user. */
  updateUrl?: string;
}

/** One item of the side navigation that a module brings (remotes.json). */
export interface RemoteNavEntry {
  /** Stable id, e.g. `patients`; the shell picks the item's icon by it. */
  key: string;
  label: string;
  /** The hash route the item opens, e.g. `/patients`; one of the module's routes or under one. */
  path: string;
  /** Place in the side navigation; the shell's own pages sit at 50 and 60. */
  order: number;
  /** Access flags (`canListPatients`, ...) of which the user needs any one; none means everyone. */
  access?: string[];
  /**
   * Other hash routes whose screens belong to this item, highlighted with it though they lie under
   * another item's path: patterns whose `:name` segments match any one segment, e.g.
   * `/patients/:patientid/case` puts a case's form and History under Cases, not Patients.
   * @maxItems 20
   */
  holds?: string[];
  /** A count the shell shows beside the label (issue 31: the worklists' count of waiting cases). */
  badge?: RemoteNavBadge;
}

/**
 * A navigation item's count, fetched by the shell with the user's token (never a module's code): the
 * number at `count` in the JSON that GET /api{url} answers, read again on each navigation, when the
 * window regains focus and after any change the page makes through the shared API. Nothing is shown
 * while it is unknown, refused or 0. Screen readers hear it with its nouns: '3 cases waiting'.
 */
export interface RemoteNavBadge {
  /** The API path under /api, e.g. `/worklists`. */
  url: string;
  /** The key of the number in the answer, e.g. `total`. */
  count: string;
  /** What one counted thing is called, e.g. `case waiting`. */
  singular: string;
  /** What several are called, e.g. `cases waiting`. */
  plural: string;
}

/**
 * One entry of /remotes.json, the one list of modules: the shell's routes and navigation, the
 * server's static folders and the build all read it.
 */
export interface RemoteEntry {
  /** Module Federation name, e.g. `mfe_cases`. */
  name: string;
  /** What a user calls the module, for its loading and error messages, e.g. `Patients and Cases`. */
  label?: string;
  /** The workspace folder that builds the module, e.g. `mfe-cases`; the server serves its dist/. */
  workspace?: string;
  /** URL of the module's `mf-manifest.json`, absolute or relative to the shell's origin. */
  entry: string;
  /** Hash-route prefixes the module is active on, e.g. `/patients`. */
  routes: string[];
  /** The module's items in the side navigation. */
  nav?: RemoteNavEntry[];
}

export interface RemotesConfig {
  remotes: RemoteEntry[];
}

/**
 * What an audit row's change holds in place of a value that never enters the log (a password, a
 * photo): the value was set or changed, or it was emptied. The server writes them, the history
 * screens read them.
 */
export const AUDIT_CHANGED_MARKER = '[changed]';
export const AUDIT_REMOVED_MARKER = '[removed]';

/** An audit log row (GET /api/audit). */
export interface AuditEntry {
  _id: string;
  at: string;
  actorId: string | null;
  actorUsername: string | null;
  entity: string;
  entityId: string | null;
  action: string;
  changes: Array<{ field: string; old: unknown; new: unknown }>;
}
