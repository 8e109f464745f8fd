/**
 * Issue 27 item 4: does a flood of sign-ins slow the clinicians already at work?
 *
 *   node --import tsx bench/sign-in-flood.ts --url http://127.0.0.1:8351 --user admin --password '…' [--seconds 15] [--loops 8]
 *
 * Against a running server started with TRUST_PROXY=true: times GET /api/patients one after another
 * for `seconds` alone, then for `seconds` while `loops` parallel loops sign in as unknown users, each
 * attempt from another loopback address (127.0.0.x in X-Forwarded-For, so no address's throttle
 * stops the flood), and prints the medians and what the flood's sign-ins were answered.
 */
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8080' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string' },
    seconds: { type: 'string', default: '15' },
    loops: { type: 'string', default: '8' },
  },
});
const base = values.url;
const seconds = Number(values.seconds);
const loops = Number(values.loops);

async function signIn(): Promise<string> {
  const res = await fetch(`${base}/api/accounts/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.1.1' },
    body: JSON.stringify({ username: values.user, password: values.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return `Bearer ${((await res.json()) as { token: string }).token}`;
}

async function timeList(authorization: string, forMs: number): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + forMs;
  while (performance.now() < until) {
    const started = performance.now();
    const res = await fetch(`${base}/api/patients`, { headers: { authorization, 'x-forwarded-for': '127.0.1.2' } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`patients list: ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

async function flood(stop: { done: boolean }, statuses: Map<number, number>, loop: number): Promise<void> {
  for (let i = 0; !stop.done; i++) {
    const res = await fetch(`${base}/api/accounts/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `127.0.${(loop * 31 + i) % 250}.${1 + (i % 250)}` },
      body: JSON.stringify({ username: `nobody-${loop}-${i}`, password: 'a guess that is long enough' }),
    });
    await res.arrayBuffer();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? NaN;

const authorization = await signIn();
await timeList(authorization, 1000);
const alone = await timeList(authorization, seconds * 1000);
const stop = { done: false };
const statuses = new Map<number, number>();
const flooding = Promise.all(Array.from({ length: loops }, (_, loop) => flood(stop, statuses, loop)));
const during = await timeList(authorization, seconds * 1000);
stop.done = true;
await flooding;

const ms = (x: number) => `${x.toFixed(1)} ms`;
process.stdout.write(
  `patients list alone: median ${ms(median(alone))}, p95 ${ms(p95(alone))} (${alone.length} requests)\n` +
    `during ${loops} sign-in loops: median ${ms(median(during))}, p95 ${ms(p95(during))} (${during.length} requests)\n` +
    `the flood's sign-ins: ${[...statuses].map(([status, n]) => `${n} x ${status}`).join(', ')} in ${seconds} s\n`,
);
