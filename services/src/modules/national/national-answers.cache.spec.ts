import { NationalAnswersCache } from './national-answers.cache.js';

describe('NationalAnswersCache: a national answer is kept until the national data change, never longer', () => {
  it('answers again what it computed while the generation stays the same', async () => {
    const cache = new NationalAnswersCache();
    let computed = 0;
    const compute = async () => ({ figure: (computed += 1) });
    const generation = async () => '7';
    expect(await cache.answer('figures|2025-01|2025-12|', generation, compute)).toEqual({ figure: 1 });
    expect(await cache.answer('figures|2025-01|2025-12|', generation, compute)).toEqual({ figure: 1 });
    expect(computed).toBe(1);
    // Another period is another answer.
    expect(await cache.answer('figures|2024-01|2024-12|', generation, compute)).toEqual({ figure: 2 });
  });

  it('computes every answer again once the generation moved (an ingest committed), and drops the older ones', async () => {
    const cache = new NationalAnswersCache();
    let generation = '7';
    let figure = 0;
    const read = async () => generation;
    await cache.answer('a', read, async () => (figure += 1));
    await cache.answer('b', read, async () => (figure += 1));
    generation = '8';
    expect(await cache.answer('a', read, async () => (figure += 1))).toBe(3);
    expect(cache.size).toBe(1);
  });

  it('keeps nothing computed while the generation moved: the rows read may be of either generation', async () => {
    const cache = new NationalAnswersCache();
    let generation = '7';
    const read = async () => generation;
    // A commit lands while the answer is being computed.
    expect(await cache.answer('a', read, async () => { generation = '8'; return 'mixed'; })).toBe('mixed');
    expect(await cache.answer('a', read, async () => 'fresh')).toBe('fresh');
    expect(await cache.answer('a', read, async () => 'not asked')).toBe('fresh');
  });

  it('holds at most its capacity, dropping the answer used least recently', async () => {
    const cache = new NationalAnswersCache(2);
    const read = async () => '1';
    await cache.answer('a', read, async () => 'A');
    await cache.answer('b', read, async () => 'B');
    await cache.answer('a', read, async () => 'A again');
    await cache.answer('c', read, async () => 'C');
    expect(cache.size).toBe(2);
    expect(await cache.answer('a', read, async () => 'A computed')).toBe('A');
    expect(await cache.answer('b', read, async () => 'B computed')).toBe('B computed');
  });

  it('weighs a large answer (a grid of years) against its capacity, dropping as many of the least recently used as it takes', async () => {
    const cache = new NationalAnswersCache(10);
    const read = async () => '1';
    for (const key of ['a', 'b', 'c', 'd']) await cache.answer(key, read, async () => key);
    await cache.answer('grid', read, async () => 'GRID', () => 8);
    expect(cache.size).toBe(3);
    expect(await cache.answer('c', read, async () => 'c computed')).toBe('c');
    // An answer heavier than the whole cache is given, not kept.
    expect(await cache.answer('huge', read, async () => 'HUGE', () => 11)).toBe('HUGE');
    expect(await cache.answer('huge', read, async () => 'HUGE again', () => 11)).toBe('HUGE again');
  });
});
