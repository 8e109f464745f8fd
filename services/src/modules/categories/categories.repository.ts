import { Injectable } from '@nestjs/common';
import { asc, eq, notInArray, sql } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../../database/database.service.js';
import { referenceLists } from '../../database/schema.js';

export type ReferenceListRow = typeof referenceLists.$inferSelect;

/** All SQL on reference_lists. */
@Injectable()
export class CategoriesRepository {
  constructor(private readonly database: DatabaseService) {}

  listAll(executor: Executor = this.database.db): Promise<ReferenceListRow[]> {
    return executor.select().from(referenceLists).orderBy(asc(referenceLists.position));
  }

  catalogue(): Promise<Array<Pick<ReferenceListRow, 'category' | 'label' | 'updatedAt'>>> {
    return this.database.db
      .select({ category: referenceLists.category, label: referenceLists.label, updatedAt: referenceLists.updatedAt })
      .from(referenceLists)
      .orderBy(asc(referenceLists.position));
  }

  /** Exact key first; a key in another case is accepted too. */
  async find(category: string): Promise<ReferenceListRow | null> {
    const db = this.database.db;
    const [exact] = await db.select().from(referenceLists).where(eq(referenceLists.category, category)).limit(1);
    if (exact) return exact;
    const [loose] = await db
      .select()
      .from(referenceLists)
      .where(sql`lower(${referenceLists.category}) = lower(${category})`)
      .limit(1);
    return loose ?? null;
  }

  async upsert(tx: Executor, row: Omit<ReferenceListRow, 'updatedAt'>): Promise<void> {
    await tx
      .insert(referenceLists)
      .values({ ...row, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: referenceLists.category,
        set: { label: row.label, position: row.position, entries: row.entries, updatedAt: new Date() },
      });
  }

  async deleteAllBut(tx: Executor, keep: string[]): Promise<void> {
    await tx.delete(referenceLists).where(notInArray(referenceLists.category, keep));
  }
}
