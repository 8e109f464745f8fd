import { Injectable } from '@nestjs/common';
import { WORKLIST_COUNT_CAP, type WorklistCounts, type WorklistKey, type WorklistPage } from '@pnss/libs/api';
import { mayOpenWorklist, worklistsFor } from '@pnss/libs/quality';
import { CommonErrorCode, commonError } from '../../common/errors/common.errors.js';
import { listFilter } from '../../common/paging/list-query.dto.js';
import { pageWindow } from '../../common/paging/page-query.dto.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { CasesRepository } from './cases.repository.js';
import { toListEntry } from './cases.service.js';
import type { WorklistQueryDto } from './dto/worklist-query.dto.js';
import { WorklistsRepository, worklistSql } from './worklists.repository.js';

/**
 * The worklists of issue 31: what waits for the signed-in user, each list the cases list with the
 * list's condition (WORKLISTS of @pnss/libs/quality) added. A list needing a permission the caller
 * lacks ('ready to approve' needs approve_cases) is refused, and left out of the counts.
 */
@Injectable()
export class WorklistsService {
  constructor(
    private readonly cases: CasesRepository,
    private readonly repository: WorklistsRepository,
  ) {}

  /** A page of the list; its count stops at WORKLIST_COUNT_CAP (`countCapped`), as a search's does in the patients list. */
  async page(user: AuthenticatedUser, list: WorklistKey, query: WorklistQueryDto): Promise<WorklistPage> {
    if (!mayOpenWorklist(list, user.permissions)) throw commonError(CommonErrorCode.PermissionDenied);
    const { page, limit, skip } = pageWindow(query.page ?? query.offset);
    const worklist = { where: worklistSql(list, user.id), countReach: WORKLIST_COUNT_CAP + 1 };
    const { rows, count } = await this.cases.page(listFilter(query), limit, skip, worklist);
    const items = rows.map((row) => ({ ...toListEntry(row), openedAt: row.createdAt.toISOString() }));
    const capped = count > WORKLIST_COUNT_CAP;
    return { items, count: capped ? WORKLIST_COUNT_CAP : count, offset: page, ...(capped ? { countCapped: true } : {}) };
  }

  async counts(user: AuthenticatedUser): Promise<WorklistCounts> {
    const keys = worklistsFor(user.permissions).map((list) => list.key);
    const counts = await this.repository.counts(keys, user.id);
    const lists = keys.map((key) => {
      const count = counts.get(key) ?? 0;
      return { key, count: Math.min(count, WORKLIST_COUNT_CAP), capped: count > WORKLIST_COUNT_CAP };
    });
    return { lists, total: lists.reduce((sum, list) => sum + list.count, 0) };
  }
}
