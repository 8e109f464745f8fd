import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../../database/database.service.js';
import { roles, users } from '../../database/schema.js';

export type RoleRow = typeof roles.$inferSelect;

/** All SQL on roles. */
@Injectable()
export class RolesRepository {
  constructor(private readonly database: DatabaseService) {}

  list(executor: Executor = this.database.db): Promise<RoleRow[]> {
    return executor.select().from(roles).orderBy(asc(roles.label));
  }

  async findById(id: string, executor: Executor = this.database.db): Promise<RoleRow | null> {
    const [row] = await executor.select().from(roles).where(eq(roles.id, id)).limit(1);
    return row ?? null;
  }

  async findByName(name: string, executor: Executor = this.database.db): Promise<RoleRow | null> {
    const [row] = await executor.select().from(roles).where(eq(roles.name, name)).limit(1);
    return row ?? null;
  }

  async insert(tx: Executor, role: typeof roles.$inferInsert): Promise<RoleRow> {
    const [row] = await tx.insert(roles).values(role).returning();
    return row;
  }

  async update(
    tx: Executor,
    id: string,
    changes: Partial<Pick<RoleRow, 'rolePermissions' | 'knownPermissions'>>,
  ): Promise<void> {
    await tx.update(roles).set({ ...changes, updatedAt: new Date() }).where(eq(roles.id, id));
  }

  /**
   * Serialises every change that could remove the last administrator (PostgreSQL advisory lock,
   * released at commit), so two concurrent demotions cannot both pass the check.
   */
  async lockAdministrators(tx: Executor): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('pnss:administrators'))`);
  }

  /** Active users whose role holds every one of `permissions`. */
  async countActiveUsersHolding(tx: Executor, permissions: readonly string[]): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(users)
      .innerJoin(roles, eq(roles.name, users.role))
      .where(and(eq(users.active, true), sql`${roles.rolePermissions} @> ${JSON.stringify(permissions)}::jsonb`));
    return row.n;
  }
}
