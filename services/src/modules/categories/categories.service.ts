import { Injectable } from '@nestjs/common';
import type { CategoryEntries } from '@pnss/libs/api';
import type { LookupEntry } from '@pnss/libs/lookups';
import { REFERENCE_LIST_CATALOGUE, REFERENCE_LISTS } from '@pnss/libs/lookups';
import type { Executor } from '../../database/database.service.js';
import { AuditService, SYSTEM_ACTOR } from '../audit/audit.service.js';
import { CategoriesErrorCode, categoriesError } from './categories.errors.js';
import { CategoriesRepository } from './categories.repository.js';

export type { CategoryListItemView } from '@pnss/libs/api';
import type { CategoryListItemView } from '@pnss/libs/api';

@Injectable()
export class CategoriesService {
  constructor(
    private readonly repository: CategoriesRepository,
    private readonly audit: AuditService,
  ) {}

  async catalogue(): Promise<CategoryListItemView[]> {
    return (await this.repository.catalogue()).map((row) => ({
      key: row.category,
      label: row.label,
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  async entries(category: string): Promise<CategoryEntries> {
    const row = await this.repository.find(category);
    if (!row) throw categoriesError(CategoriesErrorCode.CategoryNotFound);
    return row.entries as LookupEntry[];
  }

  /**
   * Makes the table equal to the lists in `@pnss/libs/lookups`, so that a code update refreshes
   * them without a migration. Only lists that changed are written, each with one audit row.
   */
  async refresh(tx: Executor): Promise<void> {
    const existing = new Map((await this.repository.listAll(tx)).map((row) => [row.category, row]));
    for (const [position, info] of REFERENCE_LIST_CATALOGUE.entries()) {
      const entries: LookupEntry[] = REFERENCE_LISTS[info.key];
      const before = existing.get(info.key);
      const unchanged =
        before &&
        before.label === info.label &&
        before.position === position &&
        JSON.stringify(before.entries) === JSON.stringify(entries);
      if (unchanged) continue;
      await this.repository.upsert(tx, { category: info.key, label: info.label, position, entries });
      await this.audit.record(tx, {
        actor: SYSTEM_ACTOR,
        entity: 'reference_list',
        entityId: info.key,
        action: before ? 'refresh' : 'create',
        // Whole lists are long: the log says how many entries each version had.
        changes: [{ field: 'entries', old: before ? `[${before.entries.length} entries]` : null, new: `[${entries.length} entries]` }],
      });
    }
    const keep = REFERENCE_LIST_CATALOGUE.map((info) => info.key);
    for (const stale of [...existing.keys()].filter((key) => !keep.includes(key as never))) {
      await this.audit.record(tx, { actor: SYSTEM_ACTOR, entity: 'reference_list', entityId: stale, action: 'remove' });
    }
    await this.repository.deleteAllBut(tx, keep);
  }
}
