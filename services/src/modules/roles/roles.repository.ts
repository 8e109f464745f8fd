import { Injectable } from '@nestjs/common';
import { asc, eq, sql } from 'drizzle-orm';
import { ROLE_ADMINISTRATION_PERMISSIONS } from '@pnss/libs/rules';
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

  /** The role of a user, as stored now (read in the change's transaction, after the lock). */
  async roleOfUser(tx: Executor, userId: string): Promise<RoleRow | null> {
    const [row] = await tx
      .select({ role: roles })
      .from(users)
      .innerJoin(roles, eq(roles.name, users.role))
      .where(eq(users.id, userId))
      .limit(1);
    return row?.role ?? null;
  }

  /**
   * The labels of the roles that no active user could change: none holds, in their own role, the
   * administration permissions and every permission of that role (libs' mayAdministerRole, in SQL).
   */
  async rolesNobodyAdministers(tx: Executor): Promise<string[]> {
    const administration = JSON.stringify(ROLE_ADMINISTRATION_PERMISSIONS);
    const rows = await tx
      .select({ label: roles.label })
      .from(roles)
      .where(sql`not exists (
        select 1 from ${users} u join ${roles} held on held.name = u.role
        where u.active and held.role_permissions @> (${roles.rolePermissions} || ${administration}::jsonb))`)
      .orderBy(asc(roles.label));
    return rows.map((row) => row.label);
  }
}
