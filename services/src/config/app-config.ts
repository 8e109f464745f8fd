import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The one place that reads `process.env`. Everything else receives an `AppConfig` through
 * the APP_CONFIG provider, so tests build their own without touching the environment.
 */

/** services/src/config or services/dist/config: both sit three levels under the repo root. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export type DatabaseConfig =
  /** `dataDir: null` keeps the database in memory (tests only). */
  | { kind: 'pglite'; dataDir: string | null }
  | { kind: 'postgres'; url: string };

export interface SignInLimits {
  windowMinutes: number;
  maxFailuresPerUser: number;
  maxFailuresPerAddress: number;
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
  /** Behind a load balancer the client address comes from X-Forwarded-For. */
  trustProxy: boolean;
  /** Always 12 in production; tests lower it to keep the suite fast. */
  bcryptRounds: number;
  signInLimits: SignInLimits;
}

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
export function parseEnvironment(env: Env): Omit<AppConfig, 'jwtSecret'> & { jwtSecret: string | null } {
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
    database = { kind: 'postgres', url: databaseUrl };
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

  const trustProxyRaw = (value('TRUST_PROXY') ?? 'false').toLowerCase();
  if (!['true', 'false', '1', '0'].includes(trustProxyRaw)) problems.push('TRUST_PROXY must be true or false');

  if (problems.length > 0) throw new ConfigError(problems);
  return {
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
    trustProxy: trustProxyRaw === 'true' || trustProxyRaw === '1',
    bcryptRounds: 12,
    signInLimits: { windowMinutes: 15, maxFailuresPerUser: 5, maxFailuresPerAddress: 20 },
  };
}

/** Reads and validates the process environment; generates and keeps the JWT secret when unset. */
export function loadConfig(env: Env = process.env): AppConfig {
  const parsed = parseEnvironment(env);
  return { ...parsed, jwtSecret: parsed.jwtSecret ?? readOrCreateSecret(parsed.dataDir) };
}

/** One secret per data folder, so tokens survive a restart. Several instances must share JWT_SECRET instead. */
export function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, JWT_SECRET_FILE);
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
