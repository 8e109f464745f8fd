import { Injectable } from '@nestjs/common';
import { type SQL, asc, count, eq, getTableColumns, ilike, or, sql } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../../database/database.service.js';
import { users } from '../../database/schema.js';

export type UserRow = typeof users.$inferSelect;
export type UserListRow = Omit<UserRow, 'passwordHash' | 'photo'> & { hasPhoto: boolean };
export type UserChanges = Partial<Pick<UserRow, 'username' | 'firstname' | 'lastname' | 'role' | 'passwordHash' | 'photo' | 'active'>>;

const { passwordHash: _hash, photo: _photo, ...columns } = getTableColumns(users);
/** A list row says whether there is a photo, so the table fetches only the photos that exist. */
const listColumns = { ...columns, hasPhoto: sql<boolean>`${users.photo} is not null` };

/** All SQL on users. */
@Injectable()
export class AccountsRepository {
  constructor(private readonly database: DatabaseService) {}

  async findById(id: string, executor: Executor = this.database.db): Promise<UserRow | null> {
    const [row] = await executor.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  /** User names are unique without regard to case. */
  async findByUsername(username: string, executor: Executor = this.database.db): Promise<UserRow | null> {
    const [row] = await executor
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return row ?? null;
  }

  async countAll(executor: Executor = this.database.db): Promise<number> {
    const [row] = await executor.select({ n: count() }).from(users);
    return row.n;
  }

  async insert(tx: Executor, user: typeof users.$inferInsert): Promise<UserRow> {
    const [row] = await tx.insert(users).values(user).returning();
    return row;
  }

  async update(tx: Executor, id: string, changes: UserChanges): Promise<UserRow> {
    const [row] = await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** One page, paged in SQL; photos are left out of lists (up to 200 KB each, 100 a page). */
  async page(search: string | undefined, limit: number, skip: number): Promise<{ rows: UserListRow[]; count: number }> {
    const db = this.database.db;
    let where: SQL | undefined;
    if (search) {
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where = or(ilike(users.firstname, pattern), ilike(users.lastname, pattern), ilike(users.username, pattern));
    }
    const rows = await db
      .select(listColumns)
      .from(users)
      .where(where)
      .orderBy(asc(sql`lower(${users.lastname})`), asc(sql`lower(${users.firstname})`), asc(users.username))
      .limit(limit)
      .offset(skip);
    const [total] = await db.select({ n: count() }).from(users).where(where);
    return { rows, count: total.n };
  }
}
