import { verifyChain } from './audit-chain.js';
import type { AuditRepository } from './audit.repository.js';

/** A page of the verifier: rows read at once. */
const PAGE = 5_000;

export interface AuditCheck {
  /** 0: intact; 1: broken; 2: it could not be checked. */
  code: 0 | 1 | 2;
  /** What to tell, in order: the rows it chained first, then the verdict. */
  messages: string[];
}

/**
 * What `npm run audit:verify -w services` checks: the reads and refusals still waiting in
 * audit_pending are chained first (migration 0031), so the check covers every read answered so far,
 * then the chain is walked from its start and the first broken row named.
 */
export async function checkAuditLog(repository: AuditRepository, page = PAGE): Promise<AuditCheck> {
  const chainFrom = await repository.chainStart();
  if (chainFrom === null) {
    return { code: 2, messages: ['The audit log has no hash chain (migration 0013 has not run on this database).'] };
  }
  const messages: string[] = [];
  const chained = await repository.chainPending();
  if (chained > 0) messages.push(`Chained ${chained} pending audit rows first (reads and refusals stored since the last chaining).`);
  const verdict = await verifyChain(chainFrom, (afterId) => repository.chainRows(afterId, page));
  if (verdict.intact) {
    messages.push(
      `The audit log's chain is intact: ${verdict.rows} rows after row ${chainFrom} (rows up to it predate the chain). ` +
        `Last row ${verdict.lastId}, hash ${verdict.lastHash}: keep a copy elsewhere to tell later whether rows were removed from the end.`,
    );
    return { code: 0, messages };
  }
  messages.push(`The audit log's chain is broken at row ${verdict.brokenAt}: ${verdict.reason}.`);
  return { code: 1, messages };
}
