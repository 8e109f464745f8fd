import { createHash } from 'node:crypto';
/**
 * The audit log's hash chain (migration 0013): each row's hash is the SHA-256 of the previous row's
 * hash followed by the row's text (pnss_audit_row_text: every column as one JSON array). The chain
 * starts from a hash of where it began, so rows written before it carry none.
 */

export function genesisHash(chainFrom: number): string {
  return sha256Hex(`pnss audit chain from ${chainFrom}`);
}

export function nextHash(previous: string, rowText: string): string {
  return sha256Hex(previous + rowText);
}

export interface ChainRow {
  id: number;
  hash: string | null;
  text: string;
}

export type ChainVerdict =
  | { intact: true; rows: number; lastId: number; lastHash: string }
  | { intact: false; rows: number; brokenAt: number; reason: string };

/**
 * Walks the rows after `chainFrom` in id order, a page at a time (`page(afterId)` answers the next
 * rows, an empty page at the end), and names the first row whose hash is not what the rows before
 * it make: a row changed, a row removed before it, or a row put in out of place. Rows removed from
 * the very end leave no trace in the rows that remain: compare the last hash with a copy kept elsewhere.
 */
export async function verifyChain(chainFrom: number, page: (afterId: number) => Promise<ChainRow[]>): Promise<ChainVerdict> {
  let previous = genesisHash(chainFrom);
  let afterId = chainFrom;
  let rows = 0;
  for (;;) {
    const batch = await page(afterId);
    if (batch.length === 0) break;
    for (const row of batch) {
      rows += 1;
      const expected = nextHash(previous, row.text);
      if (row.hash !== expected) {
        return {
          intact: false,
          rows,
          brokenAt: row.id,
          reason: row.hash === null
            ? `row ${row.id} has no hash: it was written around the chain's trigger, or its hash was removed`
            : `row ${row.id} does not follow the row before it: it was changed, or a row before it was removed or put in out of place`,
        };
      }
      previous = expected;
      afterId = row.id;
    }
  }
  return { intact: true, rows, lastId: afterId, lastHash: previous };
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
