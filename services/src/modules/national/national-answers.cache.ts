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
  private readonly answers = new Map<string, unknown>();

  constructor(private readonly capacity = 256) {}

  /** The answer kept for `key` at `generation`, if any. A newer generation empties the cache first. */
  get<T>(key: string, generation: string): T | undefined {
    if (generation !== this.generation) {
      this.answers.clear();
      this.generation = generation;
      return undefined;
    }
    const answer = this.answers.get(key);
    if (answer === undefined) return undefined;
    // The most recently used last: the first is the one dropped when the cache is full.
    this.answers.delete(key);
    this.answers.set(key, answer);
    return answer as T;
  }

  /** Keeps `answer` for `key`, when it was computed wholly at `generation` (read before and after). */
  set(key: string, before: string, after: string, answer: unknown): void {
    if (before !== after) return;
    if (after !== this.generation) {
      this.answers.clear();
      this.generation = after;
    }
    this.answers.set(key, answer);
    if (this.answers.size > this.capacity) this.answers.delete(this.answers.keys().next().value as string);
  }

  /**
   * The answer for `key`: kept, or computed by `compute` between two reads of the generation and
   * kept when they agree.
   */
  async answer<T>(key: string, generationOf: () => Promise<string>, compute: () => Promise<T>): Promise<T> {
    const before = await generationOf();
    const kept = this.get<T>(key, before);
    if (kept !== undefined) return kept;
    const answer = await compute();
    this.set(key, before, await generationOf(), answer);
    return answer;
  }

  get size(): number {
    return this.answers.size;
  }
}
