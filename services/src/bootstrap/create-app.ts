import 'reflect-metadata';
import fastifyCors from '@fastify/cors';
import { type LogLevel, Logger } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from '../app.module.js';
import { buildApiDocument } from '../openapi/contract.js';
import { registerAnswerScopeHook } from '../common/access/answer-scope.hook.js';
import { registerAnswerSerializer } from '../common/output/fixed-answers.js';
import { DEFAULT_JSON_LIMITS, registerJsonBodyParser } from '../common/input/json-body-parser.js';
import { registerRateLimit } from '../common/input/rate-limit.js';
import { SanitizeInputPipe } from '../common/input/sanitize-input.pipe.js';
import { createValidationPipe } from '../common/validation/validation.pipe.js';
import type { AppConfig } from '../config/app-config.js';
import type { FirstAdministrator } from '../modules/accounts/accounts.service.js';
import { AuditReadLog } from '../modules/audit/audit-read-log.js';
import { registerAuditReadsHook } from '../modules/audit/audit-reads.hook.js';
import { registerSessionCacheHook } from '../modules/auth/session-cache.hook.js';
import { SessionsService } from '../modules/auth/sessions.service.js';
import { JwtStrategy } from '../modules/auth/jwt.strategy.js';
import { registerSessionCheckHook } from '../modules/accounts/session-check.hook.js';
import { SignInService } from '../modules/accounts/sign-in.service.js';
import { SeedService } from '../modules/seed/seed.service.js';
import { RemotesFile } from '../web/remotes-file.js';
import { registerWebFiles } from '../web/web-files.js';
import { RemoteOrigins } from './remote-origins.js';
import { headerSetsOf, registerSecurityHeaders } from './security-headers.js';

export const API_PREFIX = 'api';
export const DOCS_PATH = 'api/docs';
/** A 200 KB photo is about 270 KB of base64 in JSON; a case form is far smaller. */
const BODY_LIMIT_BYTES = DEFAULT_JSON_LIMITS.maxBytes;

export interface CreateAppOptions {
  /** Nest's log levels; false silences it (tests). */
  logger?: LogLevel[] | false;
  /**
   * Called with the Fastify instance and the OpenAPI document before the app is ready, to add hooks:
   * the API tests validate every answer against the document this way.
   */
  instrument?: (fastify: FastifyInstance, document: OpenAPIObject) => void;
}

export interface CreatedApp {
  app: NestFastifyApplication;
  administrator: FirstAdministrator;
  /** dist folders that were not found: the server runs API-only for them. */
  missingWebFolders: string[];
  /** The OpenAPI document served at /api/docs/openapi.json. */
  document: OpenAPIObject;
}

/**
 * The security headers of pages and files for the module origins in force (remotes.json's and
 * CORS_ORIGINS): helmet's, with static directives only, so they are worked out once per set of
 * origins (security-headers.ts).
 */
function documentPolicy(moduleOrigins: readonly string[]): Parameters<typeof headerSetsOf>[0] {
  const sources = (...own: string[]) => [...own, ...moduleOrigins];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        'frame-ancestors': ["'self'"],
        'form-action': ["'self'"],
        // The shell loads each module's manifest, remoteEntry.js and chunks from its origin.
        'script-src': sources("'self'"),
        'script-src-attr': ["'none'"],
        'connect-src': sources("'self'"),
        // antd writes its styles inline.
        'style-src': [...sources("'self'"), "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'worker-src': ["'self'", 'blob:'],
      },
    },
    // A module served from another origin must still be loadable by the shell.
    crossOriginResourcePolicy: { policy: moduleOrigins.length > 0 ? 'cross-origin' : 'same-origin' },
  };
}

/**
 * Builds the whole application as `main.ts` and the API tests use it: migrates (while the
 * DatabaseModule starts), registers security headers, CORS, the API docs and the web files,
 * initialises, then seeds. The caller listens.
 */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<CreatedApp> {
  // A hop count trusts that many proxies nearest to us (proxy-addr counts hops from the socket).
  const hops = config.trustProxy;
  const trustProxy = typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops;
  // No Nest middleware anywhere (route hooks and guards do that work): without middie, no request
  // pays its onRequest pass over an empty middleware list.
  const adapter = new FastifyAdapter({ trustProxy, bodyLimit: BODY_LIMIT_BYTES, skipMiddie: true });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: options.logger ?? ['warn', 'error'],
    abortOnError: false,
    // Our own JSON parser (registerJsonBodyParser) replaces Nest's: bounded depth, 413 after draining.
    bodyParser: false,
  });
  const remotes = new RemotesFile(config.remotesFile);
  try {
    app.setGlobalPrefix(API_PREFIX);
    // The sanitising step first (NUL, broken characters, control characters, NFC), then the DTOs.
    app.useGlobalPipes(new SanitizeInputPipe(), createValidationPipe());
    const fastify = app.getHttpAdapter().getInstance();
    // What an answer passes on its way out, as Fastify hooks given to the routes that need them as
    // they are declared (a Nest interceptor costs each request an rxjs pipeline; a global hook costs
    // every other answer a pass): write routes answer only what the caller may read (the `answer`
    // scopes of libs' route table); patient-data reads are audited; a write to accounts or roles
    // clears the session cache before its answer leaves. Registered before Nest declares the routes.
    registerAnswerScopeHook(fastify);
    // Answers become JSON as Fastify's default does, but one built once is written once (fixed-answers.ts).
    registerAnswerSerializer(fastify);
    registerAuditReadsHook(fastify, app.get(AuditReadLog));
    registerSessionCacheHook(fastify, app.get(SessionsService));
    // The session check, made at every navigation, is answered once its caller is admitted, by the
    // guard's own decision and the controller's own answer, without Nest's handler pipeline.
    registerSessionCheckHook(fastify, app.get(JwtStrategy), app.get(SignInService));
    // Bodies are JSON only, bounded in size and depth before anything parses them.
    registerJsonBodyParser(fastify, DEFAULT_JSON_LIMITS);
    fastify.removeContentTypeParser(['text/plain']);

    // The module origins follow the remotes.json served at that moment (a module is redeployed by
    // editing its entry alone): CORS and the security headers are derived again when it changes,
    // and otherwise read precomputed (remote-origins.ts).
    remotes.watch();
    const origins = new RemoteOrigins(remotes, config.corsOrigins, documentPolicy);
    registerSecurityHeaders(fastify, origins, { api: `/${API_PREFIX}`, docs: `/${DOCS_PATH}` });

    await app.register(fastifyCors, {
      origin: (origin, callback) => {
        // Same-origin and non-browser requests carry no Origin header.
        if (!origin) return callback(null, true);
        callback(null, origins.allows(origin));
      },
      methods: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
      maxAge: 600,
    });
    // Every /api answer carries the RateLimit headers of the caller's address; past the limit, 429.
    await registerRateLimit(fastify, config.rateLimit);

    const document = buildApiDocument(app, { appVersion: config.appVersion });
    SwaggerModule.setup(DOCS_PATH, app, document, { jsonDocumentUrl: `${DOCS_PATH}/openapi.json` });

    const missingWebFolders = await registerWebFiles(fastify, config.webRoot, remotes);
    options.instrument?.(fastify, document);

    fastify.addHook('onClose', async () => remotes.close());
    await app.init();
    await fastify.ready();
    const administrator = await app.get(SeedService).run();
    return { app, administrator, missingWebFolders, document };
  } catch (error) {
    remotes.close();
    await app.close().catch((closeError: unknown) => {
      new Logger('Bootstrap').error(`Closing after a failed start: ${String(closeError)}`);
    });
    throw error;
  }
}
