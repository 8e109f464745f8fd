/**
 * The national views' answers kept until the national data change (issue 29 "Scale"). The data
 * change only by an ingest, a package received, a key issued (what the views read), and each such
 * transaction raises the national data's generation (migration 0028, by triggers); an answer is
 * kept under the generation it was computed at and given again only while the generation is the
 * same, so it is never older than the data. Across several server processes each keeps its own, and
 * each reads the one generation in the database.
 *
 * An answer is kept only when the generation was the same before and after it was computed: the
 * rows it read were then those of that generation (a commit between would have moved it). The
 * answers are given as they were computed, the same objects: their users only read them.
 */
export class NationalAnswersCache {
  private generation: string | null = null;
  private readonly answers = new Map<string, { answer: unknown; weight: number }>();
  private weight = 0;

  /** `capacity` in units of an answer's weight: 1 for most, more for a large one (a completeness grid of years). */
  constructor(private readonly capacity = 256) {}

  /** The answer kept for `key` at `generation`, if any. A newer generation empties the cache first. */
  get<T>(key: string, generation: string): T | undefined {
    if (generation !== this.generation) {
      this.clear(generation);
      return undefined;
    }
    const kept = this.answers.get(key);
    if (kept === undefined) return undefined;
    // The most recently used last: the first is the one dropped when the cache is full.
    this.answers.delete(key);
    this.answers.set(key, kept);
    return kept.answer as T;
  }

  /** Keeps `answer` for `key`, when it was computed wholly at `generation` (read before and after). */
  set(key: string, before: string, after: string, answer: unknown, weight = 1): void {
    if (before !== after || weight > this.capacity) return;
    if (after !== this.generation) this.clear(after);
    const replaced = this.answers.get(key);
    if (replaced) this.weight -= replaced.weight;
    this.answers.delete(key);
    this.answers.set(key, { answer, weight });
    this.weight += weight;
    for (const [oldest, kept] of this.answers) {
      if (this.weight <= this.capacity) break;
      this.answers.delete(oldest);
      this.weight -= kept.weight;
    }
  }

  private clear(generation: string): void {
    this.answers.clear();
    this.weight = 0;
    this.generation = generation;
  }

  /**
   * The answer for `key`: kept, or computed by `compute` between two reads of the generation and
   * kept when they agree.
   */
  async answer<T>(key: string, generationOf: () => Promise<string>, compute: () => Promise<T>, weightOf: (answer: T) => number = () => 1): Promise<T> {
    const before = await generationOf();
    const kept = this.get<T>(key, before);
    if (kept !== undefined) return kept;
    const answer = await compute();
    this.set(key, before, await generationOf(), answer, weightOf(answer));
    return answer;
  }

  get size(): number {
    return this.answers.size;
  }
}
