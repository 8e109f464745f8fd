import { Injectable } from '@nestjs/common';
import type { Paged, WorklistCounts, WorklistEntry, WorklistKey } from '@pnss/libs/api';
import { mayOpenWorklist, worklistsFor } from '@pnss/libs/quality';
import { CommonErrorCode, commonError } from '../../common/errors/common.errors.js';
import { listFilter } from '../../common/paging/list-query.dto.js';
import { pagedList } from '../../common/paging/page-query.dto.js';
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

  page(user: AuthenticatedUser, list: WorklistKey, query: WorklistQueryDto): Promise<Paged<WorklistEntry>> {
    if (!mayOpenWorklist(list, user.permissions)) throw commonError(CommonErrorCode.PermissionDenied);
    const fetchPage = (limit: number, skip: number) => this.cases.page(listFilter(query), limit, skip, worklistSql(list, user.id));
    return pagedList(query.page ?? query.offset, fetchPage, (row) => ({ ...toListEntry(row), openedAt: row.createdAt.toISOString() }));
  }

  async counts(user: AuthenticatedUser): Promise<WorklistCounts> {
    const keys = worklistsFor(user.permissions).map((list) => list.key);
    const counts = await this.repository.counts(keys, user.id);
    const lists = keys.map((key) => ({ key, count: counts.get(key) ?? 0 }));
    return { lists, total: lists.reduce((sum, list) => sum + list.count, 0) };
  }
}
