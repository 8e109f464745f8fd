import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEPARTMENT_ID_PATTERN } from '@pnss/libs/submissions';

/**
 * The one place that reads `process.env`. Everything else receives an `AppConfig` through
 * the APP_CONFIG provider, so tests build their own without touching the environment.
 */

/** services/src/config or services/dist/config: both sit three levels under the repo root. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export type DatabaseConfig =
  /**
   * `dataDir: null` keeps the database in memory (tests only); `initialData` starts it from a dump
   * of a data folder (PGlite's dumpDataDir) instead of an empty cluster: the API tests' migrated
   * template, which spares each test file PGlite's initdb and the migrations.
   */
  | { kind: 'pglite'; dataDir: string | null; initialData?: Blob }
  /**
   * `url` is what the running server connects with; `migrationUrl` (DATABASE_MIGRATION_URL), when
   * set, is the tables' owner that migrates at start-up and then grants the server's role only what
   * it needs (the audit log: SELECT and INSERT).
   */
  | { kind: 'postgres'; url: string; migrationUrl?: string | null };

export interface SignInLimits {
  windowMinutes: number;
  /** Failures of one user name from one address before that pair waits for the window to end. */
  maxFailuresPerUser: number;
  /** Failures from one address (any user name) before each further attempt from it waits a little. */
  maxFailuresPerAddress: number;
  /** Failures of one user name (any address) before each further attempt waits, doubling each time. */
  maxFailuresPerAccount?: number;
  /** The longest wait the per-account and per-address backoff impose, in seconds (default 60 and 10). */
  maxAccountDelaySeconds?: number;
  maxAddressDelaySeconds?: number;
}

/**
 * The general per-address limit on every /api request (registerRateLimit), on top of the sign-in
 * throttle. Generous on purpose: a hospital ward, or a whole hospital, often reaches us through one
 * NAT or proxy address, so one address may be dozens of clinicians, each screen firing several
 * requests at once. 3000 a minute (50 a second) lets such a crowd work while a script hammering the
 * API from one address is still stopped; it is a floor against floods, not an access control.
 */
export interface RateLimitConfig {
  /** Requests to /api from one client address per minute (RATE_LIMIT_PER_MINUTE, default 3000). */
  perMinute: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  jwtSecret: string;
  adminUsername: string;
  /** null: a strong password is generated when the first administrator is created. */
  adminPassword: string | null;
  sessionHours: number;
  corsOrigins: string[];
  remotesFile: string;
  webRoot: string;
  appVersion: string;
  /** Used when SITE_VERSION_URL is unset or cannot be read. */
  siteVersion: string;
  siteVersionUrl: string | null;
  updateUrl: string | null;
  /**
   * Behind a load balancer the client address comes from X-Forwarded-For: true trusts every hop
   * (only when the proxy overwrites the header), a number trusts that many hops, a list trusts those
   * proxy addresses or CIDR ranges. The sign-in limits count the address this yields.
   */
  trustProxy: boolean | number | string[];
  /** Always 12 in production; tests lower it to keep the suite fast. */
  bcryptRounds: number;
  signInLimits: SignInLimits;
  rateLimit: RateLimitConfig;
  /** Census packages and the society's hub; unset in a test config means the defaults of censusConfigOf. */
  census?: CensusConfig;
  /** The reports' settings; unset in a test config means the defaults of reportsConfigOf. */
  reports?: ReportsConfig;
}

/**
 * The national stillbirth threshold of the perinatal figures (NATIONAL_STILLBIRTH_WEEKS, _GRAMS): a
 * baby born dead counts as a stillbirth from these completed weeks or this birth weight. National
 * cut-offs differ, so it is a setting; the international figures use WHO's 28 weeks or 1000 g beside it.
 * The default is the start of WHO's perinatal period, 22 completed weeks or 500 g.
 */
export interface ReportsConfig {
  nationalStillbirthThreshold: { weeks: number; grams: number };
}

export const DEFAULT_NATIONAL_STILLBIRTH_THRESHOLD = { weeks: 22, grams: 500 } as const;

/** The reports' settings of a config, with the defaults for a test config that names none. */
export function reportsConfigOf(config: AppConfig): ReportsConfig {
  return config.reports ?? { nationalStillbirthThreshold: { ...DEFAULT_NATIONAL_STILLBIRTH_THRESHOLD } };
}

/** The department's census packages (SOCIETY_*, DEPARTMENT_ID, PACKAGE_SECRET) and the hub (HUB_ENABLED). */
export interface CensusConfig {
  departmentId: string;
  /** Base URL of the society's PNSS hub; null: Submit says it is not configured. */
  societyUrl: string | null;
  societyApiKey: string | null;
  /** How long Submit waits for the society before the package is Failed. */
  societyTimeoutMs: number;
  hubEnabled: boolean;
  /** The HMAC key that turns a patient id into the package's patient key. */
  packageSecret: string;
  /**
   * PACKAGE_FREE_TEXT: the free-text answers ('Others' texts, the histopath diagnosis) leave in census
   * packages too. Off by default: a clinician may type a name there (issue 25 item 8).
   */
  packageFreeText: boolean;
}

export const PACKAGE_SECRET_FILE = 'package-secret';

export const APP_CONFIG = Symbol('APP_CONFIG');

export const JWT_SECRET_FILE = 'jwt-secret';
export const PGLITE_FOLDER = 'pglite';
const MIN_SECRET_LENGTH = 32;
const VERSION_PATTERN = /^\d+(\.\d+){0,3}([-+][0-9A-Za-z.-]+)?$/;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Validates the environment and returns the configuration; the JWT secret stays null when unset. */
export function parseEnvironment(
  env: Env,
): Omit<AppConfig, 'jwtSecret' | 'census'> & { jwtSecret: string | null; census: Omit<CensusConfig, 'packageSecret'> & { packageSecret: string | null } } {
  const problems: string[] = [];
  const value = (name: string): string | undefined => {
    const raw = env[name]?.trim();
    return raw ? raw : undefined;
  };

  const port = parseInteger(value('PORT') ?? '8080', 'PORT', 0, 65535, problems);
  const host = value('HOST') ?? '0.0.0.0';
  const dataDir = absolute(value('DATA_DIR') ?? 'data');

  const databaseUrl = value('DATABASE_URL');
  let database: DatabaseConfig = { kind: 'pglite', dataDir: join(dataDir, PGLITE_FOLDER) };
  if (databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
      problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
    }
    database = { kind: 'postgres', url: databaseUrl, migrationUrl: null };
  }
  const migrationUrl = value('DATABASE_MIGRATION_URL');
  if (migrationUrl) {
    if (!databaseUrl) problems.push('DATABASE_MIGRATION_URL needs DATABASE_URL (the role the server runs as) too');
    else if (!/^postgres(ql)?:\/\//.test(migrationUrl)) problems.push('DATABASE_MIGRATION_URL must be a postgres:// or postgresql:// URL');
    else database = { kind: 'postgres', url: databaseUrl, migrationUrl };
  }

  const jwtSecret = value('JWT_SECRET') ?? null;
  if (jwtSecret !== null && jwtSecret.length < MIN_SECRET_LENGTH) {
    problems.push(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long (or unset, to generate one)`);
  }

  const adminUsername = value('ADMIN_USERNAME') ?? 'admin';
  if (!/^[A-Za-z0-9._@-]{3,64}$/.test(adminUsername)) {
    problems.push('ADMIN_USERNAME must be 3 to 64 letters, digits or . _ - @');
  }
  // Not trimmed: a password may legitimately start or end with a space.
  const adminPassword = env.ADMIN_PASSWORD ? env.ADMIN_PASSWORD : null;
  if (adminPassword !== null) {
    if (adminPassword.length < 12) problems.push('ADMIN_PASSWORD must be at least 12 characters long');
    if (adminPassword.toLowerCase().includes(adminUsername.toLowerCase())) {
      problems.push('ADMIN_PASSWORD must not contain the administrator user name');
    }
  }

  const sessionHours = parseNumber(value('SESSION_HOURS') ?? '12', 'SESSION_HOURS', problems);
  if (sessionHours !== null && (sessionHours <= 0 || sessionHours > 24 * 30)) {
    problems.push('SESSION_HOURS must be more than 0 and at most 720');
  }

  const corsOrigins: string[] = [];
  for (const item of (value('CORS_ORIGINS') ?? '').split(',')) {
    const origin = item.trim();
    if (!origin) continue;
    const parsed = originOf(origin);
    if (parsed) corsOrigins.push(parsed);
    else problems.push(`CORS_ORIGINS: '${origin}' is not an http(s) origin such as https://example.org`);
  }

  const remotesFile = absolute(value('REMOTES_FILE') ?? 'remotes.json');
  const webRoot = absolute(value('WEB_ROOT') ?? '.');

  const appVersion = value('APP_VERSION') ?? rootPackageVersion(problems);
  if (!VERSION_PATTERN.test(appVersion)) problems.push(`APP_VERSION '${appVersion}' is not a version such as 1.2.3`);
  const siteVersion = value('SITE_VERSION') ?? appVersion;
  if (!VERSION_PATTERN.test(siteVersion)) problems.push(`SITE_VERSION '${siteVersion}' is not a version such as 1.2.3`);

  const siteVersionUrl = value('SITE_VERSION_URL') ?? null;
  if (siteVersionUrl !== null && !isHttpUrl(siteVersionUrl)) problems.push('SITE_VERSION_URL must be an http(s) URL');
  const updateUrl = value('UPDATE_URL') ?? null;
  if (updateUrl !== null && !isHttpUrl(updateUrl)) problems.push('UPDATE_URL must be an http(s) URL');

  const trustProxy = parseTrustProxy(value('TRUST_PROXY') ?? 'false', problems);
  // See RateLimitConfig for why the default is this high.
  const rateLimitPerMinute = parseInteger(value('RATE_LIMIT_PER_MINUTE') ?? '3000', 'RATE_LIMIT_PER_MINUTE', 1, 1_000_000, problems);

  const departmentId = value('DEPARTMENT_ID') ?? 'DEPT';
  if (!DEPARTMENT_ID_PATTERN.test(departmentId)) problems.push('DEPARTMENT_ID must be 1 to 64 letters, digits, _ or -');
  const societyUrl = value('SOCIETY_URL') ?? null;
  if (societyUrl !== null && !isHttpUrl(societyUrl)) problems.push('SOCIETY_URL must be an http(s) URL');
  const packageSecret = value('PACKAGE_SECRET') ?? null;
  if (packageSecret !== null && packageSecret.length < MIN_SECRET_LENGTH) {
    problems.push(`PACKAGE_SECRET must be at least ${MIN_SECRET_LENGTH} characters long (or unset, to generate one)`);
  }
  const hubEnabledRaw = (value('HUB_ENABLED') ?? 'false').toLowerCase();
  if (!['true', 'false', '1', '0'].includes(hubEnabledRaw)) problems.push('HUB_ENABLED must be true or false');
  const freeTextRaw = (value('PACKAGE_FREE_TEXT') ?? 'false').toLowerCase();
  if (!['true', 'false', '1', '0'].includes(freeTextRaw)) problems.push('PACKAGE_FREE_TEXT must be true or false');
  const stillbirthWeeks = parseInteger(value('NATIONAL_STILLBIRTH_WEEKS') ?? String(DEFAULT_NATIONAL_STILLBIRTH_THRESHOLD.weeks), 'NATIONAL_STILLBIRTH_WEEKS', 16, 28, problems);
  const stillbirthGrams = parseInteger(value('NATIONAL_STILLBIRTH_GRAMS') ?? String(DEFAULT_NATIONAL_STILLBIRTH_THRESHOLD.grams), 'NATIONAL_STILLBIRTH_GRAMS', 200, 1000, problems);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    census: {
      departmentId,
      societyUrl,
      societyApiKey: value('SOCIETY_API_KEY') ?? null,
      societyTimeoutMs: 20_000,
      hubEnabled: hubEnabledRaw === 'true' || hubEnabledRaw === '1',
      packageSecret,
      packageFreeText: freeTextRaw === 'true' || freeTextRaw === '1',
    },
    port: port as number,
    host,
    dataDir,
    database,
    jwtSecret,
    adminUsername,
    adminPassword,
    sessionHours: sessionHours as number,
    corsOrigins,
    remotesFile,
    webRoot,
    appVersion,
    siteVersion,
    siteVersionUrl,
    updateUrl,
    trustProxy,
    bcryptRounds: 12,
    signInLimits: {
      windowMinutes: 15,
      maxFailuresPerUser: 5,
      maxFailuresPerAddress: 20,
      maxFailuresPerAccount: 10,
      maxAccountDelaySeconds: 60,
      maxAddressDelaySeconds: 10,
    },
    rateLimit: { perMinute: rateLimitPerMinute as number },
    reports: { nationalStillbirthThreshold: { weeks: stillbirthWeeks as number, grams: stillbirthGrams as number } },
  };
}

/** Reads and validates the process environment; generates and keeps the JWT secret when unset. */
export function loadConfig(env: Env = process.env): AppConfig {
  const parsed = parseEnvironment(env);
  return {
    ...parsed,
    jwtSecret: parsed.jwtSecret ?? readOrCreateSecret(parsed.dataDir),
    census: { ...parsed.census, packageSecret: parsed.census.packageSecret ?? readOrCreateSecret(parsed.dataDir, PACKAGE_SECRET_FILE) },
  };
}

/** The census settings, with defaults (department DEPT, no society, hub off) when a config has none. */
export function censusConfigOf(config: AppConfig): CensusConfig {
  return (
    config.census ?? {
      departmentId: 'DEPT',
      societyUrl: null,
      societyApiKey: null,
      societyTimeoutMs: 20_000,
      hubEnabled: false,
      packageSecret: readOrCreateSecret(config.dataDir, PACKAGE_SECRET_FILE),
      packageFreeText: false,
    }
  );
}

/** One secret per data folder, so tokens survive a restart. Several instances must share JWT_SECRET instead. */
export function readOrCreateSecret(dataDir: string, fileName: string = JWT_SECRET_FILE): string {
  const file = join(dataDir, fileName);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_SECRET_LENGTH) return stored;
    throw new ConfigError([`${file} holds no usable secret; delete it to generate a new one`]);
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}

function absolute(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}

function parseInteger(raw: string, name: string, min: number, max: number, problems: string[]): number | null {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max}, not '${raw}'`);
    return null;
  }
  return Number(raw);
}

function parseNumber(raw: string, name: string, problems: string[]): number | null {
  const n = Number(raw);
  if (!Number.isFinite(n)) {
    problems.push(`${name} must be a number, not '${raw}'`);
    return null;
  }
  return n;
}

/** TRUST_PROXY: true or false, a hop count (1 = one proxy in front), or proxy addresses / CIDR ranges separated by commas. */
function parseTrustProxy(raw: string, problems: string[]): boolean | number | string[] {
  const lower = raw.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false' || lower === '0') return false;
  if (/^\d+$/.test(lower)) return Number(lower);
  const items = raw.split(',').map((item) => item.trim()).filter(Boolean);
  const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+)(\/\d{1,3})?$/i;
  if (items.length > 0 && items.every((item) => address.test(item) || ['loopback', 'linklocal', 'uniquelocal'].includes(item))) return items;
  problems.push('TRUST_PROXY must be true, false, a number of proxy hops, or proxy addresses/CIDR ranges separated by commas');
  return false;
}

function isHttpUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** `https://a.org/x` → `https://a.org`; null for anything that is not http(s). */
export function originOf(raw: string): string | null {
  return isHttpUrl(raw) ? new URL(raw).origin : null;
}

function rootPackageVersion(problems: string[]): string {
  try {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: unknown };
    if (typeof pkg.version === 'string') return pkg.version;
  } catch {
    // reported below
  }
  problems.push('APP_VERSION is unset and the root package.json has no version');
  return '0.0.0';
}
