import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LoginResponse, SessionUser } from '@pnss/libs/api';
import { ADMIN_ROLE_NAME, type PermissionName } from '@pnss/libs/permissions';
import pg from 'pg';
import request from 'supertest';
import { createApp } from '../../src/bootstrap/create-app.js';
import { ContractValidator } from './contract-validator.js';
import { POSTGRES_TEMPLATE_ENV, pgliteTemplate } from './database-template.mjs';
import { type AppConfig, type DatabaseConfig, REPO_ROOT } from '../../src/config/app-config.js';
import { DatabaseService } from '../../src/database/database.service.js';
import { roles } from '../../src/database/schema.js';
import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { SYSTEM_ACTOR } from '../../src/modules/audit/audit.service.js';

/**
 * The real application on a fresh database, for API tests (`test/*.e2e-spec.ts`): in-memory PGlite,
 * or a new PostgreSQL database per test app when TEST_DATABASE_URL is set (dropped by close()).
 * Share one per test file: `beforeAll(async () => { t = await createTestApp(); })`,
 * `afterAll(() => t.close())`.
 */

export const TEST_ADMIN_USERNAME = 'admin';
export const TEST_ADMIN_PASSWORD = 'Test chief of staff password 1';
/** Every user made by createUserWithRole gets this password unless told otherwise. */
export const TEST_USER_PASSWORD = 'A long enough test password';

export interface SignedIn {
  token: string;
  /** 'Bearer ' + token, as the client sends it. */
  authorization: string;
  user: SessionUser;
}

export interface TestUser extends SignedIn {
  username: string;
  password: string;
  role: string;
}

export interface TestUserOptions {
  username?: string;
  firstname?: string;
  lastname?: string;
  password?: string;
}

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  /** supertest over the app: `t.http.get('/api/health').expect(200)`. */
  http: ReturnType<typeof request>;
  database: DatabaseService;
  signInAsAdmin(): Promise<SignedIn>;
  /** A new user holding a seeded role by name, or a new role made of exactly these permissions. */
  createUserWithRole(roleOrPermissions: string | readonly PermissionName[], options?: TestUserOptions): Promise<TestUser>;
  /** Signs in through POST /api/accounts/login. */
  signIn(username: string, password: string): Promise<SignedIn>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Overrides on top of the test defaults (fast bcrypt, a fresh secret, no web builds). */
  config?: Partial<AppConfig>;
  /** Keep using an existing database (e.g. a PGlite folder, to test a restart). */
  database?: DatabaseConfig;
}

let sequence = 0;

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const scratch = mkdtempSync(join(tmpdir(), 'pnss-test-'));
  const postgres = options.database ? null : await createPostgresDatabase();
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir: scratch,
    database: options.database ? fromTemplateWhenNew(options.database) : postgres ? { kind: 'postgres', url: postgres.url } : inMemoryPglite(),
    jwtSecret: randomBytes(32).toString('hex'),
    adminUsername: TEST_ADMIN_USERNAME,
    adminPassword: TEST_ADMIN_PASSWORD,
    sessionHours: 12,
    corsOrigins: [],
    remotesFile: join(REPO_ROOT, 'remotes.json'),
    webRoot: join(scratch, 'no-web-builds'),
    appVersion: '1.0.0',
    siteVersion: '1.0.0',
    siteVersionUrl: null,
    updateUrl: null,
    // Lets a test pose as another address with X-Forwarded-For, to keep the sign-in limits apart.
    trustProxy: true,
    bcryptRounds: 4,
    signInLimits: { windowMinutes: 15, maxFailuresPerUser: 5, maxFailuresPerAddress: 20 },
    // Effectively off: the suites fire many requests from one address; rate-limit.spec.ts tests the limit.
    rateLimit: { perMinute: 1_000_000 },
    ...options.config,
  };

  let created;
  let contract: ContractValidator | undefined;
  try {
    created = await createApp(config, {
      logger: ['error'],
      instrument: (fastify, document) => {
        contract = new ContractValidator(document);
        contract.install(fastify);
      },
    });
  } catch (error) {
    await postgres?.drop();
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
  const { app } = created;
  const http = request(app.getHttpServer());
  const database = app.get(DatabaseService);

  const signIn = async (username: string, password: string): Promise<SignedIn> => {
    const response = await http.post('/api/accounts/login').send({ username, password });
    if (response.status !== 200) {
      throw new Error(`Sign-in of ${username} failed: ${response.status} ${JSON.stringify(response.body)}`);
    }
    const body = response.body as LoginResponse;
    return { token: body.token, authorization: `Bearer ${body.token}`, user: body.user };
  };

  let admin: SignedIn | null = null;
  return {
    app,
    config,
    http,
    database,
    signIn,
    async signInAsAdmin() {
      admin ??= await signIn(TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD);
      return admin;
    },
    async createUserWithRole(roleOrPermissions, userOptions = {}) {
      sequence += 1;
      let role: string;
      if (typeof roleOrPermissions === 'string') {
        role = roleOrPermissions;
      } else {
        role = `test_role_${sequence}_${randomBytes(3).toString('hex')}`;
        await database.db.insert(roles).values({ name: role, label: `Test role ${sequence}`, rolePermissions: [...roleOrPermissions] });
      }
      const username = userOptions.username ?? `user${sequence}_${randomBytes(3).toString('hex')}`;
      const password = userOptions.password ?? TEST_USER_PASSWORD;
      await app.get(AccountsService).register(SYSTEM_ACTOR, {
        firstname: userOptions.firstname ?? 'Test',
        lastname: userOptions.lastname ?? `User ${sequence}`,
        username,
        role,
        password,
      });
      return { ...(await signIn(username, password)), username, password, role };
    },
    async close() {
      await app.close();
      await postgres?.drop();
      rmSync(scratch, { recursive: true, force: true });
      contract?.recordTally();
      const failures = contract?.failures ?? [];
      if (failures.length > 0) {
        throw new Error(`${failures.length} answer(s) broke the API contract (the OpenAPI document):\n${[...new Set(failures)].join('\n')}`);
      }
    },
  };
}

export const ADMIN_ROLE = ADMIN_ROLE_NAME;

/** An in-memory PGlite, started from the run's migrated template when globalSetup made one. */
function inMemoryPglite(): DatabaseConfig {
  const initialData = pgliteTemplate();
  return initialData ? { kind: 'pglite', dataDir: null, initialData } : { kind: 'pglite', dataDir: null };
}

/**
 * A PGlite folder a test starts for the first time (missing or empty) starts from the template too;
 * one that holds a database (a restart) is opened as it is.
 */
function fromTemplateWhenNew(database: DatabaseConfig): DatabaseConfig {
  if (database.kind !== 'pglite' || database.dataDir === null || database.initialData) return database;
  if (existsSync(database.dataDir) && readdirSync(database.dataDir).length > 0) return database;
  const initialData = pgliteTemplate();
  return initialData ? { ...database, initialData } : database;
}

/**
 * A new database next to TEST_DATABASE_URL's, so test files running at once never collide: a copy
 * of the run's migrated template when globalSetup made one (CREATE DATABASE ... TEMPLATE).
 */
async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  // Test tooling, not the application: the app itself reads the environment only in its config module.
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const name = `pnss_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
