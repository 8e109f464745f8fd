import bcrypt from 'bcryptjs';
import { PasswordPool, PasswordPoolBusy } from './password-pool.js';

describe('password hashing runs on a bounded pool of threads, refused early past its queue (issue 27 item 4)', () => {
  let pool: PasswordPool;
  afterEach(() => pool?.close());

  it('hashes and compares as bcrypt does, on a thread', async () => {
    pool = new PasswordPool(1, 4);
    const hash = (await pool.run({ op: 'hash', password: 'a long enough password', rounds: 4 })) as string;
    expect(await bcrypt.compare('a long enough password', hash)).toBe(true);
    expect(await pool.run({ op: 'compare', password: 'a long enough password', hash })).toBe(true);
    expect(await pool.run({ op: 'compare', password: 'another', hash })).toBe(false);
  });

  it('with one thread and a queue of two, the fourth job at once is refused at once, and the others finish', async () => {
    pool = new PasswordPool(1, 2);
    const jobs = Array.from({ length: 3 }, () => pool.run({ op: 'hash', password: 'slow enough', rounds: 10 }));
    let finished = 0;
    for (const job of jobs) void job.then(() => (finished += 1));
    expect(pool.waiting).toBe(2);
    // "At once" as an order, not a time (a loaded machine stretches every time): the refusal comes
    // before the first of the jobs ahead of it has finished.
    await expect(pool.run({ op: 'hash', password: 'one too many', rounds: 10 })).rejects.toBeInstanceOf(PasswordPoolBusy);
    expect(finished).toBe(0);
    expect(await Promise.all(jobs)).toHaveLength(3);
    expect(pool.waiting).toBe(0);
  });

  it('keeps the request thread free while it hashes: a timer set meanwhile fires before the hash is done', async () => {
    pool = new PasswordPool(1, 2);
    const order: string[] = [];
    const hashing = pool.run({ op: 'hash', password: 'slow enough', rounds: 12 }).then(() => order.push('hashed'));
    // A hash of 2^12 rounds keeps a core busy for a few hundred milliseconds; on the request thread
    // it would hold back every timer until it ended. As an order, not a time, so load cannot fail it.
    const timer = new Promise<void>((resolve) => setTimeout(() => resolve(void order.push('timer')), 20));
    await Promise.all([hashing, timer]);
    expect(order).toEqual(['timer', 'hashed']);
  });
});
