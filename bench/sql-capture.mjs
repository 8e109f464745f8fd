// Preloaded into the services process by the bench (`node --import ./bench/sql-capture.mjs`), never
// in production. A request carrying `x-bench-capture: <name>` has every statement the pg driver
// sends for it (text, values, and which pool client ran it) appended to BENCH_CAPTURE_FILE, so
// the bare baseline runs exactly the SQL the services ran for the same answer, read from the
// driver rather than retyped. Requests without the header are not touched.
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const file = process.env.BENCH_CAPTURE_FILE;
const require = createRequire(join(process.cwd(), 'services', 'package.json'));
const pg = require('pg');
const store = new AsyncLocalStorage();
const clientIds = new WeakMap();
let nextClientId = 0;

const emit = http.Server.prototype.emit;
const query = pg.Client.prototype.query;
http.Server.prototype.emit = function patchedEmit(event, request, ...rest) {
  // `x-bench-capture-done`: the capture is over; put everything back and switch AsyncLocalStorage
  // off, so the measured runs pay nothing for it (an enabled store costs every promise a hook).
  if (event === 'request' && request.headers['x-bench-capture-done']) {
    http.Server.prototype.emit = emit;
    pg.Client.prototype.query = query;
    store.disable();
    return emit.call(this, event, request, ...rest);
  }
  const name = event === 'request' ? request.headers['x-bench-capture'] : undefined;
  if (typeof name === 'string' && file) return store.run({ name }, () => emit.call(this, event, request, ...rest));
  return emit.call(this, event, request, ...rest);
};

pg.Client.prototype.query = function patchedQuery(config, values, callback) {
  const capture = store.getStore();
  if (!capture || !file || typeof config?.submit === 'function') return query.call(this, config, values, callback);
  if (!clientIds.has(this)) clientIds.set(this, (nextClientId += 1));
  capture.done ??= 0;
  const text = typeof config === 'string' ? config : config?.text;
  const params = Array.isArray(values) ? values : (config?.values ?? []);
  appendFileSync(file, `${JSON.stringify({ name: capture.name, client: clientIds.get(this), text, values: params, after: capture.done })}\n`);
  const finished = () => {
    capture.done += 1;
  };
  if (typeof values === 'function') {
    return query.call(this, config, (...args) => {
      finished();
      values(...args);
    });
  }
  if (typeof callback === 'function') {
    return query.call(this, config, values, (...args) => {
      finished();
      callback(...args);
    });
  }
  const result = query.call(this, config, values);
  if (result && typeof result.then === 'function') result.then(finished, finished);
  return result;
};
