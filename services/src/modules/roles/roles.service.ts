import { Injectable } from '@nestjs/common';
import type { Paged, Role, RoleFeature, RoleName } from '@pnss/libs/api';
import { ALL_PERMISSIONS, FEATURES, SEEDED_ROLES, isPermissionName, type PermissionName } from '@pnss/libs/permissions';
import { editorPermissionsThroughout, roleChangeRefusal } from '@pnss/libs/rules';
import { badField } from '../../common/errors/common.errors.js';
import { DatabaseService, type Executor } from '../../database/database.service.js';
import { type AuditActor, type AuditEntryView, AuditService, SYSTEM_ACTOR } from '../audit/audit.service.js';
import { diffChanges } from '../../common/records/diff-changes.js';
import type { UpdateRoleDto } from './dto/update-role.dto.js';
import { RolesErrorCode, rolesError } from './roles.errors.js';
import { type RoleRow, RolesRepository } from './roles.repository.js';

/** Who changes roles or users: a signed-in user, or the system (seeding, tests' set-up), which holds everything. */
export type Grantor = AuditActor;

@Injectable()
export class RolesService {
  constructor(
    private readonly repository: RolesRepository,
    private readonly database: DatabaseService,
    private readonly audit: AuditService,
  ) {}

  async names(): Promise<RoleName[]> {
    return (await this.repository.list()).map((r) => ({ _id: r.id, name: r.name, label: r.label }));
  }

  features(): RoleFeature[] {
    return FEATURES.map(({ feature, label, group }) => ({ feature, label, group }));
  }

  async list(): Promise<Role[]> {
    return (await this.repository.list()).map(toRole);
  }

  /** A role by name or by id (the user form may send either). */
  async resolve(nameOrId: string, executor?: Executor): Promise<RoleRow | null> {
    return (
      (await this.repository.findByName(nameOrId, executor)) ??
      (/^[0-9a-f-]{36}$/i.test(nameOrId) ? await this.repository.findById(nameOrId, executor) : null)
    );
  }

  /** Saves the ticked features of each listed role; one audit row per role that changed. */
  async update(actor: Grantor, items: UpdateRoleDto[]): Promise<Role[]> {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const unknown = item.rolePermissions.filter((p) => !isPermissionName(p));
      if (unknown.length > 0) {
        throw badField(`[${index}].rolePermissions`, `Unknown permission: ${unknown.join(', ')}`);
      }
      const id = item._id.toLowerCase();
      if (seen.has(id)) throw badField(`[${index}]._id`, 'A role is listed twice');
      seen.add(id);
    });

    await this.database.transaction(async (tx) => {
      await this.repository.lockAdministrators(tx);
      const changes: Array<{ role: RoleRow; next: PermissionName[] }> = [];
      for (const item of items) {
        const role = await this.repository.findById(item._id.toLowerCase(), tx);
        if (!role) throw rolesError(RolesErrorCode.RoleNotFound);
        const next = ALL_PERMISSIONS.filter((p) => item.rolePermissions.includes(p));
        if (diffChanges({ rolePermissions: role.rolePermissions }, { rolePermissions: next }).length > 0) changes.push({ role, next });
      }
      await this.refuseBeyondEditor(tx, actor, changes);
      for (const { role, next } of changes) {
        await this.repository.update(tx, role.id, { rolePermissions: next });
        await this.audit.record(tx, {
          actor, entity: 'role', entityId: role.id, action: 'update',
          changes: diffChanges({ rolePermissions: role.rolePermissions }, { rolePermissions: next }),
        });
      }
      await this.assertAdministratorRemains(tx);
    });
    return this.list();
  }

  /**
   * libs' role rule for each change, with what the editor's role holds as stored now (not the
   * session's copy, which may be 3 s old); the system holds everything. An editor who changes their
   * own role in the same PUT holds, for the other roles, only what their role keeps.
   */
  private async refuseBeyondEditor(tx: Executor, actor: Grantor, changes: ReadonlyArray<{ role: RoleRow; next: readonly string[] }>): Promise<void> {
    if (actor.id === null) return;
    const own = await this.repository.roleOfUser(tx, actor.id);
    const current = own?.rolePermissions ?? [];
    const throughout = editorPermissionsThroughout(current, changes.find((change) => change.role.id === own?.id)?.next);
    for (const { role, next } of changes) {
      const refusal = roleChangeRefusal(role.id === own?.id ? current : throughout, role, next);
      if (refusal) throw rolesError(RolesErrorCode.BeyondOwnPermissions, { refusal });
    }
  }

  /** The permissions stored in a user's role now (for the user rules), or null for the system. */
  async permissionsOf(actor: Grantor, executor?: Executor): Promise<string[] | null> {
    if (actor.id === null) return null;
    return (await this.repository.roleOfUser(executor ?? this.database.db, actor.id))?.rolePermissions ?? [];
  }

  async history(roleId: string, offset: number | undefined): Promise<Paged<AuditEntryView>> {
    if (!(await this.repository.findById(roleId))) throw rolesError(RolesErrorCode.RoleNotFound);
    return this.audit.list({ entity: 'role', entityId: roleId }, offset);
  }

  /** Take this lock first in a transaction that may deactivate or demote users, then check at the end. */
  lockAdministrators(tx: Executor): Promise<void> {
    return this.repository.lockAdministrators(tx);
  }

  /**
   * 409 when a role would be left that no active user could change (libs' mayAdministerRole); the
   * caller's transaction rolls back.
   */
  async assertAdministratorRemains(tx: Executor): Promise<void> {
    const orphanedRoles = await this.repository.rolesNobodyAdministers(tx);
    if (orphanedRoles.length > 0) throw rolesError(RolesErrorCode.LastAdministrator, { orphanedRoles });
  }

  /**
   * Creates the seeded roles that are missing. For existing ones, only permissions that are new in
   * the catalogue since the last start are added (so an administrator's edits are never undone),
   * and names the catalogue no longer has are dropped.
   */
  async seed(tx: Executor): Promise<void> {
    for (const seeded of SEEDED_ROLES) {
      const existing = await this.repository.findByName(seeded.name, tx);
      if (!existing) {
        const created = await this.repository.insert(tx, {
          name: seeded.name,
          label: seeded.label,
          rolePermissions: ALL_PERMISSIONS.filter((p) => seeded.rolePermissions.includes(p)),
          knownPermissions: [...ALL_PERMISSIONS],
        });
        await this.audit.record(tx, {
          actor: SYSTEM_ACTOR,
          entity: 'role',
          entityId: created.id,
          action: 'create',
          changes: diffChanges(null, { roleName: created.name, label: created.label, rolePermissions: created.rolePermissions }),
        });
        continue;
      }
      const known = new Set(existing.knownPermissions ?? existing.rolePermissions);
      const added = seeded.rolePermissions.filter((p) => !known.has(p) && !existing.rolePermissions.includes(p));
      const next = ALL_PERMISSIONS.filter((p) => existing.rolePermissions.includes(p) || added.includes(p));
      const changes = diffChanges({ rolePermissions: existing.rolePermissions }, { rolePermissions: next });
      const catalogueChanged = diffChanges({ k: existing.knownPermissions }, { k: [...ALL_PERMISSIONS] }).length > 0;
      if (changes.length === 0 && !catalogueChanged) continue;
      await this.repository.update(tx, existing.id, { rolePermissions: next, knownPermissions: [...ALL_PERMISSIONS] });
      if (changes.length > 0) {
        await this.audit.record(tx, { actor: SYSTEM_ACTOR, entity: 'role', entityId: existing.id, action: 'seed_update', changes });
      }
    }
  }
}

function toRole(row: RoleRow): Role {
  return {
    _id: row.id,
    roleName: row.name,
    label: row.label,
    rolePermissions: row.rolePermissions.filter((p): p is PermissionName => isPermissionName(p)),
  };
}
