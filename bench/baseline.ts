// The bare baseline: Fastify + pg, the same pool size as the services (10), verifying the same JWT
// with a verifier built once, and running for each figure exactly the statements the services ran
// for it (captured from the pg driver by sql-capture.mjs, in the same order, on as many connections,
// statements that ran at once in the services running at once here), and answering what those
// rows make. A figure with no statement to run (the session check, whose answer the services took
// from their session cache) is answered with the very bytes the services answered at capture, the
// stand-in for that cache, so both sides write the same body. Nothing else: no session check, no
// permissions, no validation, no audit. Started by run.ts in its own process.
import bcrypt from 'bcryptjs';
import Fastify, { type FastifyReply } from 'fastify';
import { createSigner, createVerifier } from 'fast-jwt';
import pg from 'pg';

export interface CapturedStatement {
  name: string;
  /** Which pool client ran it in the services. */
  client: number;
  text: string;
  values: unknown[];
  /** How many of this capture's statements had finished when it started. */
  after: number;
}

export interface BaselineFigure {
  statements: CapturedStatement[];
  /** Values of the captured request that the caller's request replaces (ids and versions of a save). */
  substitute?: Record<string, string | number>;
  /**
   * For a figure without statements only: the JSON body the services answered at capture, answered
   * as it is (their answer came from a cache in the services, which this stands in for).
   */
  answer?: string;
}

/** Replaces every captured value named in `from` by the value of the same key in `to`. */
function substitute(values: unknown[], from: Record<string, string | number> | undefined, to: Record<string, unknown>): unknown[] {
  if (!from) return values;
  return values.map((value) => {
    let next = value;
    for (const [key, old] of Object.entries(from)) {
      const now = to[key];
      if (now === undefined) continue;
      if (typeof old === 'number' && next === old) next = now;
      else if (typeof old === 'string' && typeof next === 'string' && next.includes(old)) next = next.split(old).join(String(now));
    }
    return next;
  });
}

/**
 * Runs the statements as the services ran them: a transaction (BEGIN ... COMMIT or ROLLBACK) holds
 * one pooled connection from its BEGIN to its end; every other statement takes a connection for
 * itself alone (pool.query), as drizzle does outside a transaction. (Holding a connection per
 * captured client for the whole request deadlocked the pool: ten requests each holding one of the
 * ten connections while waiting for a second, for the two statements a list runs at once.)
 */
export async function replay(pool: pg.Pool, statements: CapturedStatement[], values: (v: unknown[]) => unknown[]): Promise<unknown[][]> {
  const transactions = new Map<number, pg.PoolClient>();
  const results: unknown[][] = [];
  let done = 0;
  let failed: unknown = null;
  const waiting: Array<() => void> = [];
  const finished = () => {
    done += 1;
    for (const wake of waiting.splice(0)) wake();
  };
  const until = async (n: number) => {
    while (done < n && failed === null) await new Promise<void>((r) => waiting.push(r));
  };
  try {
    await Promise.all(
      statements.map(async (statement, index) => {
        await until(statement.after);
        if (failed !== null) return;
        try {
          let client = transactions.get(statement.client);
          if (!client && /^\s*begin\b/i.test(statement.text)) {
            client = await pool.connect();
            transactions.set(statement.client, client);
          }
          const result = client ? await client.query(statement.text, values(statement.values)) : await pool.query(statement.text, values(statement.values));
          results[index] = result.rows;
          if (client && /^\s*(commit|rollback)\b/i.test(statement.text)) {
            transactions.delete(statement.client);
            client.release();
          }
        } catch (error) {
          failed = error;
          for (const wake of waiting.splice(0)) wake();
          throw error;
        }
        finished();
      }),
    );
  } finally {
    // A transaction cut short by an error: its connection is dropped, not returned mid-transaction.
    for (const client of transactions.values()) client.release(true);
  }
  return results;
}

export async function startBaseline(options: {
  port: number;
  databaseUrl: string;
  jwtSecret: string;
  figures: Record<string, BaselineFigure>;
}): Promise<() => Promise<void>> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
  const verify = createVerifier({ key: options.jwtSecret, algorithms: ['HS256'], requiredClaims: ['exp'], cache: 1000 });
  const sign = createSigner({ key: options.jwtSecret, algorithm: 'HS256' });
  const app = Fastify({ logger: false });
  app.addHook('onRequest', async (request, reply) => {
    // Sign-in is the one figure without a token.
    if (request.url === '/b/sign_in') return;
    const header = request.headers.authorization ?? '';
    try {
      verify(header.replace(/^Bearer\s+/i, ''));
    } catch {
      return reply.code(401).send({ statusCode: 401, message: 'Please sign in to continue' });
    }
  });
  const handle = async (name: string, body: Record<string, unknown>, reply: FastifyReply) => {
    const figure = options.figures[name];
    if (!figure) throw new Error(`no figure ${name}`);
    if (figure.answer !== undefined && figure.statements.length === 0) return reply.type('application/json; charset=utf-8').send(figure.answer);
    const rows = await replay(pool, figure.statements, (values) => substitute(values, figure.substitute, body));
    // Sign-in: the same password check (bcrypt, the stored hash's cost) and a signed token.
    const hash = rows.flat().map((row) => (row as { password_hash?: unknown }).password_hash).find((h) => typeof h === 'string');
    if (typeof hash === 'string' && typeof body.password === 'string') {
      if (!(await bcrypt.compare(body.password, hash))) throw new Error('wrong password');
      return { token: sign({ sub: 'bench', exp: Math.floor(Date.now() / 1000) + 3600 }), rows };
    }
    // The answer the services build from these rows: the main statement's rows (and a count).
    return rows.length === 1 ? rows[0] : { items: rows[0], count: rows[1] };
  };
  app.get<{ Params: { name: string } }>('/b/:name', async (request, reply) => handle(request.params.name, {}, reply));
  app.post<{ Params: { name: string }; Body: Record<string, unknown> }>('/b/:name', async (request, reply) =>
    handle(request.params.name, request.body ?? {}, reply),
  );
  await app.listen({ port: options.port, host: '127.0.0.1' });
  return async () => {
    await app.close();
    await pool.end();
  };
}

// Run as its own process by run.ts: argv[2] is a JSON file with the options.
if (process.argv[1]?.endsWith('baseline.ts') && process.argv[2]) {
  const { readFileSync } = await import('node:fs');
  const options = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Parameters<typeof startBaseline>[0];
  const stop = await startBaseline(options);
  // An orderly exit on SIGTERM, so a --cpu-prof profile is written; within 2 s even if a request
  // hangs (the bench waits for this process to go before it ends).
  process.once('SIGTERM', () => {
    setTimeout(() => process.exit(0), 2000).unref();
    void stop().finally(() => process.exit(0));
  });
  process.send?.('ready');
}
