/** GET /api/checkupdate (SPEC.md §7). An update exists when currVersion < siteVersion. */
export interface CheckUpdateResponse {
  currVersion: string;
  siteVersion: string;
  /** Where the Update Available item and dialog send the user. */
  updateUrl?: string;
}

/** One entry of /remotes.json: where a module's manifest lives and which hash routes it owns. */
export interface RemoteEntry {
  /** Module Federation name, e.g. `mfe_cases`. */
  name: string;
  /** URL of the module's `mf-manifest.json`, absolute or relative to the shell's origin. */
  entry: string;
  /** Hash-route prefixes the module is active on, e.g. `/patients`. */
  routes: string[];
}

export interface RemotesConfig {
  remotes: RemoteEntry[];
}

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
