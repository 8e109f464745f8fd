import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, JWT_SECRET_FILE, REPO_ROOT, loadConfig, parseEnvironment } from './app-config.js';

describe('configuration from the environment', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pnss-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('has the documented defaults', () => {
    const config = parseEnvironment({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: join(REPO_ROOT, 'data'),
      database: { kind: 'pglite', dataDir: join(REPO_ROOT, 'data', 'pglite') },
      jwtSecret: null,
      adminUsername: 'admin',
      adminPassword: null,
      sessionHours: 12,
      corsOrigins: [],
      remotesFile: join(REPO_ROOT, 'remotes.json'),
      webRoot: REPO_ROOT.replace(/\/$/, ''),
      siteVersionUrl: null,
      updateUrl: null,
      bcryptRounds: 12,
    });
    const rootVersion = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    expect(config.appVersion).toBe(rootVersion);
    // The site version defaults to the running one, so no update is flagged.
    expect(config.siteVersion).toBe(rootVersion);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(parseEnvironment({ DATABASE_URL: 'postgres://u@db:5432/pnss' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/pnss',
      migrationUrl: null,
    });
  });

  it('reads TRUST_PROXY as true/false, a hop count or proxy addresses', () => {
    expect(parseEnvironment({}).trustProxy).toBe(false);
    expect(parseEnvironment({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseEnvironment({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseEnvironment({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => parseEnvironment({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY must be/);
  });

  it('reads RATE_LIMIT_PER_MINUTE as a whole number from 1 to 1,000,000, 3000 by default', () => {
    expect(parseEnvironment({}).rateLimit).toEqual({ perMinute: 3000 });
    expect(parseEnvironment({ RATE_LIMIT_PER_MINUTE: '1' }).rateLimit).toEqual({ perMinute: 1 });
    expect(parseEnvironment({ RATE_LIMIT_PER_MINUTE: ' 1000000 ' }).rateLimit).toEqual({ perMinute: 1_000_000 });
    for (const bad of ['0', '1000001', '-5', '2.5', '1e3', 'lots']) {
      expect(() => parseEnvironment({ RATE_LIMIT_PER_MINUTE: bad })).toThrow(/RATE_LIMIT_PER_MINUTE must be a whole number from 1 to 1000000/);
    }
  });

  it('keeps free text out of census packages unless PACKAGE_FREE_TEXT is true', () => {
    expect(parseEnvironment({}).census.packageFreeText).toBe(false);
    expect(parseEnvironment({ PACKAGE_FREE_TEXT: 'true' }).census.packageFreeText).toBe(true);
    expect(parseEnvironment({ PACKAGE_FREE_TEXT: '0' }).census.packageFreeText).toBe(false);
    expect(() => parseEnvironment({ PACKAGE_FREE_TEXT: 'names too' })).toThrow(/PACKAGE_FREE_TEXT must be true or false/);
  });

  it('reads the national stillbirth threshold, 22 weeks or 500 g by default, and refuses one outside 16-28 weeks or 200-1000 g', () => {
    expect(parseEnvironment({}).reports).toEqual({ nationalStillbirthThreshold: { weeks: 22, grams: 500 } });
    expect(parseEnvironment({ NATIONAL_STILLBIRTH_WEEKS: '20', NATIONAL_STILLBIRTH_GRAMS: '350' }).reports).toEqual({ nationalStillbirthThreshold: { weeks: 20, grams: 350 } });
    expect(() => parseEnvironment({ NATIONAL_STILLBIRTH_WEEKS: '30' })).toThrow(/NATIONAL_STILLBIRTH_WEEKS must be a whole number from 16 to 28/);
    expect(() => parseEnvironment({ NATIONAL_STILLBIRTH_GRAMS: 'heavy' })).toThrow(/NATIONAL_STILLBIRTH_GRAMS must be a whole number from 200 to 1000/);
  });

  it('migrates as the owner in DATABASE_MIGRATION_URL and runs as the role in DATABASE_URL', () => {
    expect(
      parseEnvironment({ DATABASE_URL: 'postgres://app@db/pnss', DATABASE_MIGRATION_URL: 'postgres://owner@db/pnss' }).database,
    ).toEqual({ kind: 'postgres', url: 'postgres://app@db/pnss', migrationUrl: 'postgres://owner@db/pnss' });
    expect(() => parseEnvironment({ DATABASE_MIGRATION_URL: 'postgres://owner@db/pnss' })).toThrow(/DATABASE_MIGRATION_URL needs DATABASE_URL/);
  });

  it('reads CORS_ORIGINS as a comma list of origins', () => {
    expect(parseEnvironment({ CORS_ORIGINS: 'https://a.org, http://b.org:8080/path' }).corsOrigins).toEqual([
      'https://a.org',
      'http://b.org:8080',
    ]);
  });

  it('names every bad setting at once', () => {
    let error: unknown;
    try {
      parseEnvironment({
        PORT: 'eighty',
        SESSION_HOURS: '0',
        JWT_SECRET: 'short',
        DATABASE_URL: 'mysql://x',
        CORS_ORIGINS: 'not a url',
        ADMIN_PASSWORD: 'admin-password',
        UPDATE_URL: 'ftp://x',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'SESSION_HOURS', 'JWT_SECRET', 'DATABASE_URL', 'CORS_ORIGINS', 'ADMIN_PASSWORD', 'UPDATE_URL']) {
      expect(problems).toContain(name);
    }
  });

  it('generates the JWT secret once under DATA_DIR, readable by the owner only, and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = join(dataDir, JWT_SECRET_FILE);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('prefers JWT_SECRET and refuses an unusable secret file', () => {
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) }).jwtSecret).toBe('x'.repeat(40));
    writeFileSync(join(dataDir, JWT_SECRET_FILE), 'tiny');
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(ConfigError);
  });
});
