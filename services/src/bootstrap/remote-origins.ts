import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { RemotesFile, RemotesState } from '../web/remotes-file.js';
import { type HeaderSets, type HeaderSource, headerSetsOf } from './security-headers.js';

type HelmetOptions = Omit<FastifyHelmetOptions, 'global' | 'enableCSPNonces'>;

interface Derived {
  readonly state: RemotesState;
  readonly allowed: ReadonlySet<string>;
  readonly headers: HeaderSets;
}

/**
 * What the module origins decide, following the remotes.json served at that moment: the origins
 * CORS answers, and the security headers whose CSP lets the shell load code from them. A module is
 * redeployed by changing its entry in remotes.json alone, so a policy fixed at start-up would have
 * the browser refuse the module's new origin until a restart.
 *
 * Everything is derived once per state of the file (RemotesFile gives a new state object only when
 * the file changed) and kept: an answer reads precomputed headers and a precomputed set. Pages look
 * at the file as it is (a stat), so a reload after an edit carries the new policy; API answers and
 * the CORS check take the state the folder watch last saw, which costs no system call.
 */
export class RemoteOrigins implements HeaderSource {
  private derived: Derived | null = null;

  /**
   * @param extraOrigins CORS_ORIGINS: allowed besides those of remotes.json
   * @param optionsFor the security header options for the allowed origins
   */
  constructor(
    private readonly remotes: RemotesFile,
    private readonly extraOrigins: readonly string[],
    private readonly optionsFor: (origins: readonly string[]) => HelmetOptions,
  ) {}

  forPages(): HeaderSets {
    return this.of(this.remotes.current()).headers;
  }

  forApi(): HeaderSets {
    return this.of(this.remotes.latest()).headers;
  }

  /** Whether CORS answers a request from `origin`. */
  allows(origin: string): boolean {
    return this.of(this.remotes.latest()).allowed.has(origin);
  }

  private of(state: RemotesState): Derived {
    if (this.derived?.state === state) return this.derived;
    const allowed = new Set([...state.origins, ...this.extraOrigins]);
    this.derived = { state, allowed, headers: headerSetsOf(this.optionsFor([...allowed])) };
    return this.derived;
  }
}
