import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Password hashing off the request thread, bounded (issue 27 item 4). bcrypt at cost 12 is about a
 * quarter of a second of CPU; bcryptjs computes it in JavaScript, so on the server's own thread eight
 * parallel loops of unknown-user sign-ins took the patients list from 22 ms to 443 ms for everyone.
 * Here a fixed number of worker threads compute hashes one at a time each; at most `maxQueue` more
 * wait; past that a sign-in is refused at once (PasswordPoolBusy, answered 503 with Retry-After), so
 * a flood costs at most the pool's threads and slows sign-in only.
 *
 * The worker is a script given as text (it only loads bcryptjs by its resolved path), so it runs the
 * same from the TypeScript sources under test and from the build, with no file of its own to ship.
 */

export type PasswordJob = { op: 'hash'; password: string; rounds: number } | { op: 'compare'; password: string; hash: string };

/** The pool's threads are all busy and its queue is full. */
export class PasswordPoolBusy extends Error {
  constructor() {
    super('Password checks are all busy');
    this.name = 'PasswordPoolBusy';
  }
}

const WORKER_SOURCE = (bcryptPath: string) => `
const { parentPort } = require('node:worker_threads');
const bcrypt = require(${JSON.stringify(bcryptPath)});
parentPort.on('message', ({ id, job }) => {
  try {
    const result = job.op === 'hash' ? bcrypt.hashSync(job.password, job.rounds) : bcrypt.compareSync(job.password, job.hash);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});`;

interface Pending {
  job: PasswordJob;
  resolve: (result: string | boolean) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
  /** Settles once the thread has started (or failed to): a thread is never terminated mid-start. */
  started: Promise<void>;
}

export class PasswordPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private readonly source = WORKER_SOURCE(createRequire(import.meta.url).resolve('bcryptjs'));
  private nextId = 0;
  private closed = false;

  /**
   * The threads start at the first job, not with the server: an app that never checks a password
   * (a worker process, most API test apps) starts none, and a thread is not torn down while it is
   * still starting, which in a jest worker that starts and closes many apps ended in a native heap
   * corruption (glibc 'corrupted size vs. prev_size', SIGABRT).
   */
  constructor(
    readonly size: number,
    readonly maxQueue: number,
  ) {}

  /** Hashes or compares on a pool thread; rejects with PasswordPoolBusy at once when the queue is full. */
  run(job: PasswordJob): Promise<string | boolean> {
    if (this.closed) return Promise.reject(new Error('The password pool is closed'));
    return new Promise((resolve, reject) => {
      const pending: Pending = { job, resolve, reject };
      if (this.slots.length === 0) for (let i = 0; i < this.size; i++) this.slots.push(this.startSlot());
      const idle = this.slots.find((slot) => slot.busy === null);
      if (idle) this.dispatch(idle, pending);
      else if (this.queue.length < this.maxQueue) this.queue.push(pending);
      else reject(new PasswordPoolBusy());
    });
  }

  /** How many jobs wait for a thread (for tests and logs). */
  get waiting(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new Error('The password pool is closed'));
    await Promise.all(this.slots.map(async (slot) => {
      await slot.started;
      await slot.worker.terminate();
    }));
  }

  private startSlot(): Slot {
    const worker = new Worker(this.source, { eval: true });
    const started = new Promise<void>((resolve) => {
      worker.once('online', () => resolve());
      worker.once('error', () => resolve());
      worker.once('exit', () => resolve());
    });
    const slot: Slot = { worker, busy: null, started };
    slot.worker.unref();
    slot.worker.on('message', ({ result, error }: { id: number; result?: string | boolean; error?: string }) => {
      const done = slot.busy;
      slot.busy = null;
      if (done) {
        if (error !== undefined) done.reject(new Error(error));
        else done.resolve(result as string | boolean);
      }
      const next = this.queue.shift();
      if (next) this.dispatch(slot, next);
    });
    slot.worker.on('error', (error) => {
      // A thread that died takes its job with it; a new one takes its place.
      slot.busy?.reject(error);
      slot.busy = null;
      if (this.closed) return;
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots[index] = this.startSlot();
      const next = this.queue.shift();
      if (next) this.dispatch(this.slots[index], next);
    });
    return slot;
  }

  private dispatch(slot: Slot, pending: Pending): void {
    slot.busy = pending;
    slot.worker.postMessage({ id: this.nextId++, job: pending.job });
  }
}
