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
    expect(pool.waiting).toBe(2);
    const started = performance.now();
    await expect(pool.run({ op: 'hash', password: 'one too many', rounds: 10 })).rejects.toBeInstanceOf(PasswordPoolBusy);
    expect(performance.now() - started).toBeLessThan(20);
    expect(await Promise.all(jobs)).toHaveLength(3);
    expect(pool.waiting).toBe(0);
  });

  it('keeps the request thread free while it hashes: a timer set meanwhile fires on time', async () => {
    pool = new PasswordPool(1, 2);
    const hashing = pool.run({ op: 'hash', password: 'slow enough', rounds: 12 });
    const late = await new Promise<number>((resolve) => {
      const due = performance.now() + 20;
      setTimeout(() => resolve(performance.now() - due), 20);
    });
    expect(late).toBeLessThan(50);
    await hashing;
  });
});
