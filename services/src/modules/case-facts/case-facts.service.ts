import { Injectable } from '@nestjs/common';
import type { Executor } from '../../database/database.service.js';
import type { CaseRow } from '../../common/records/case-record.js';
import {
  type ProjectionChange, type StoredProjection, changesNothing, projectionChange, writeCaseFacts, writeProjectionChange,
} from './case-facts.repository.js';

export { type ProjectionChange, type StoredProjection, storedProjectionOfCase } from './case-facts.repository.js';

/**
 * The reporting projection's writer (case_facts, case_infants, case_indications and the rollup), for
 * the features that write cases. Every case write calls it in its own transaction, so the reports never
 * see a case half-written; the reports read what it wrote. The start-up backfill is CaseFactsBackfill.
 */
@Injectable()
export class CaseFactsService {
  /** Writes the projection of the case as stored in `row`, in the transaction of its write. */
  write(executor: Executor, row: CaseRow): Promise<void> {
    return writeCaseFacts(executor, row);
  }

  /** What writing the projection of `row` over the one stored as `stored` changes (libs deriveCaseFacts). */
  change(stored: StoredProjection | null, row: CaseRow): ProjectionChange {
    return projectionChange(stored, row);
  }

  /** Whether a change writes nothing (most saves: a room, a note). */
  changesNothing(change: ProjectionChange): boolean {
    return changesNothing(change);
  }

  /** Writes a change, in the transaction of the case write it follows. */
  writeChange(executor: Executor, change: ProjectionChange): Promise<void> {
    return writeProjectionChange(executor, change);
  }
}
