import { Inject, Injectable } from '@nestjs/common';
import { AUDIT_CHANGED_MARKER, type FieldError, type Paged } from '@pnss/libs/api';
import { ADMIN_ROLE_NAME } from '@pnss/libs/permissions';
import { type UserChangeRefusal, userChangeRefusal } from '@pnss/libs/rules';
import { CommonErrorCode, badField, commonError } from '../../common/errors/common.errors.js';
import { pagedList } from '../../common/paging/page-query.dto.js';
import { APP_CONFIG, type AppConfig, ConfigError } from '../../config/app-config.js';
import { isUniqueViolation } from '../../database/database-errors.js';
import { DatabaseService, type Executor } from '../../database/database.service.js';
import { type AuditActor, type AuditEntryView, AuditService, SYSTEM_ACTOR } from '../audit/audit.service.js';
import { diffChanges } from '../../common/records/diff-changes.js';
import { SessionsService } from '../auth/sessions.service.js';
import { type Grantor, RolesService } from '../roles/roles.service.js';
import { passwordProblem, photoProblem } from './account.policies.js';
import { AccountsErrorCode, accountsError } from './accounts.errors.js';
import { AccountsRepository, type UserChanges, type UserListRow, type UserRow } from './accounts.repository.js';
import type { RegisterUserDto } from './dto/register-user.dto.js';
import type { UpdateUserDto } from './dto/update-user.dto.js';
import { PasswordHasher, generatePassword } from './password-hasher.js';

/** A user as the API returns it: never the password or its hash. Lists leave the photo out but say whether there is one. */
export type { UserView } from '@pnss/libs/api';
import type { UserView } from '@pnss/libs/api';

export interface FirstAdministrator {
  created: boolean;
  username: string;
  /** Set only when the password was generated here; print it once and never store it. */
  generatedPassword: string | null;
}

/** What the audit log compares; the photo and password are recorded as markers only. */
const AUDITED = { redact: ['photo', 'password'] } as const;

@Injectable()
export class AccountsService {
  constructor(
    private readonly repository: AccountsRepository,
    private readonly database: DatabaseService,
    private readonly roles: RolesService,
    private readonly audit: AuditService,
    private readonly sessions: SessionsService,
    private readonly hasher: PasswordHasher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(search: string | undefined, offset: number | undefined): Promise<Paged<UserView>> {
    return pagedList(offset, (limit, skip) => this.repository.page(search || undefined, limit, skip), (row) => toView(row));
  }

  async get(id: string): Promise<UserView> {
    const row = await this.repository.findById(id);
    if (!row) throw accountsError(AccountsErrorCode.UserNotFound);
    return toView(withPhotoFlag(row), row.photo);
  }

  async register(actor: Grantor, dto: RegisterUserDto): Promise<UserView> {
    const errors: FieldError[] = [];
    const role = await this.roles.resolve(dto.role);
    if (!role) errors.push({ field: 'role', message: 'Role does not exist' });
    // register_users alone cannot make an administrator: the new user's role must be within the caller's.
    const editor = await this.roles.permissionsOf(actor);
    if (role && editor !== null) refuseUserChange(userChangeRefusal(editor, [], role.rolePermissions));
    const passwordError = passwordProblem(dto.password, dto.username);
    if (passwordError) errors.push(passwordError);
    const photo = dto.photo || null;
    const photoError = photo ? photoProblem(photo) : null;
    if (photoError) errors.push(photoError);
    if (errors.length > 0 || !role) throw commonError(CommonErrorCode.ValidationFailed, errors);

    const passwordHash = await this.hasher.hash(dto.password);
    const row = await this.writeUsername(() =>
      this.database.transaction(async (tx) => {
        if (await this.repository.findByUsername(dto.username, tx)) throw accountsError(AccountsErrorCode.UsernameTaken);
        const created = await this.repository.insert(tx, {
          username: dto.username,
          firstname: dto.firstname,
          lastname: dto.lastname,
          role: role.name,
          passwordHash,
          photo,
          active: true,
        });
        await this.recordCreation(tx, actor, created);
        return created;
      }),
    );
    return toView(withPhotoFlag(row), row.photo);
  }

  /**
   * Changes only the fields sent. Deactivating ends every session of the user; so does a password
   * reset (except the caller's own session). Nobody can deactivate or demote the last active user
   * holding access_admin.
   */
  async update(actor: Grantor & { sessionId?: string }, id: string, dto: UpdateUserDto): Promise<UserView> {
    if (dto.userid !== undefined && dto.userid.toLowerCase() !== id) {
      throw badField('userid', 'userid does not match the user being updated');
    }
    // Issue 14 item 11: an administrator never locks themselves out; another administrator deactivates them.
    if (dto.active === false && actor.id !== null && actor.id === id) {
      throw badField('active', 'You cannot deactivate your own account: ask another administrator');
    }
    const existing = await this.repository.findById(id);
    if (!existing) throw accountsError(AccountsErrorCode.UserNotFound);
    // update_user cannot take over an account that can do more than the caller (e.g. reset an administrator's password).
    const existingRole = await this.roles.resolve(existing.role);
    const editor = await this.roles.permissionsOf(actor);
    if (editor !== null) refuseUserChange(userChangeRefusal(editor, existingRole?.rolePermissions ?? []));

    const errors: FieldError[] = [];
    const changes: UserChanges = {};
    if (dto.firstname !== undefined) changes.firstname = dto.firstname;
    if (dto.lastname !== undefined) changes.lastname = dto.lastname;
    if (dto.username !== undefined) changes.username = dto.username;
    if (dto.active !== undefined) changes.active = dto.active;
    if (dto.role !== undefined) {
      const role = await this.roles.resolve(dto.role);
      if (role) changes.role = role.name;
      else errors.push({ field: 'role', message: 'Role does not exist' });
      if (role && role.name !== existing.role) {
        if (actor.id !== null && actor.id === id) throw accountsError(AccountsErrorCode.OwnRole);
        if (editor !== null) refuseUserChange(userChangeRefusal(editor, existingRole?.rolePermissions ?? [], role.rolePermissions));
      }
    }
    if (dto.photo !== undefined) {
      const photo = dto.photo || null;
      const photoError = photo ? photoProblem(photo) : null;
      if (photoError) errors.push(photoError);
      changes.photo = photo;
    }
    // An empty password field means the form's RESET PASSWORD was not used.
    const newPassword = dto.password ? dto.password : null;
    if (newPassword !== null) {
      const passwordError = passwordProblem(newPassword, changes.username ?? existing.username);
      if (passwordError) errors.push(passwordError);
    }
    if (errors.length > 0) throw commonError(CommonErrorCode.ValidationFailed, errors);
    if (newPassword !== null) changes.passwordHash = await this.hasher.hash(newPassword);

    const deactivating = changes.active === false && existing.active;
    const changingRole = changes.role !== undefined && changes.role !== existing.role;
    const row = await this.writeUsername(() =>
      this.database.transaction(async (tx) => {
        if (deactivating || changingRole) await this.roles.lockAdministrators(tx);
        if (changes.username !== undefined) {
          const holder = await this.repository.findByUsername(changes.username, tx);
          if (holder && holder.id !== id) throw accountsError(AccountsErrorCode.UsernameTaken);
        }
        const updated = await this.repository.update(tx, id, changes);
        if (deactivating || changingRole) await this.roles.assertAdministratorRemains(tx);
        if (deactivating) await this.sessions.revokeAllForUser(tx, id);
        else if (newPassword !== null) await this.sessions.revokeAllForUser(tx, id, actor.sessionId);

        const { passwordHash: _hash, ...visible } = changes;
        const diff = diffChanges(existing, visible, AUDITED);
        if (newPassword !== null) diff.push({ field: 'password', old: null, new: AUDIT_CHANGED_MARKER });
        if (diff.length > 0) {
          const action = deactivating ? 'deactivate' : changes.active === true && !existing.active ? 'activate' : 'update';
          await this.audit.record(tx, { actor, entity: 'user', entityId: id, action, changes: diff });
        }
        return updated;
      }),
    );
    return toView(withPhotoFlag(row), row.photo);
  }

  async history(id: string, offset: number | undefined): Promise<Paged<AuditEntryView>> {
    if (!(await this.repository.findById(id))) throw accountsError(AccountsErrorCode.UserNotFound);
    return this.audit.list({ entity: 'user', entityId: id }, offset);
  }

  /** At first start (no user at all) creates the administrator, with a generated password unless one is configured. */
  async ensureFirstAdministrator(): Promise<FirstAdministrator> {
    const username = this.config.adminUsername;
    if ((await this.repository.countAll()) > 0) return { created: false, username, generatedPassword: null };
    let generatedPassword: string | null = null;
    let password = this.config.adminPassword;
    if (password !== null) {
      const problem = passwordProblem(password, username);
      if (problem) throw new ConfigError([`ADMIN_PASSWORD: ${problem.message}`]);
    }
    while (password === null || passwordProblem(password, username)) {
      generatedPassword = generatePassword();
      password = generatedPassword;
    }
    const passwordHash = await this.hasher.hash(password);
    const created = await this.database.transaction(async (tx) => {
      // Another instance may have won the race between the count and here.
      if ((await this.repository.countAll(tx)) > 0) return false;
      const row = await this.repository.insert(tx, {
        username,
        firstname: 'System',
        lastname: 'Administrator',
        role: ADMIN_ROLE_NAME,
        passwordHash,
        photo: null,
        active: true,
      });
      await this.recordCreation(tx, SYSTEM_ACTOR, row);
      return true;
    });
    return { created, username, generatedPassword: created ? generatedPassword : null };
  }

  private async recordCreation(tx: Executor, actor: AuditActor, row: UserRow): Promise<void> {
    const { id: _id, passwordHash: _hash, createdAt: _c, updatedAt: _u, ...visible } = row;
    const changes = diffChanges(null, visible, AUDITED);
    changes.push({ field: 'password', old: null, new: AUDIT_CHANGED_MARKER });
    await this.audit.record(tx, { actor, entity: 'user', entityId: row.id, action: 'create', changes });
  }

  /** A concurrent insert can still hit the unique index after our check: answer 409 all the same. */
  private async writeUsername<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'users_username_lower_key')) throw accountsError(AccountsErrorCode.UsernameTaken);
      throw error;
    }
  }
}

/** libs' user rule, answered with this feature's words (403). */
function refuseUserChange(refusal: UserChangeRefusal | null): void {
  if (!refusal) return;
  throw accountsError(refusal.rule === 'user_beyond_own' ? AccountsErrorCode.UserBeyondOwn : AccountsErrorCode.RoleBeyondOwn);
}

function withPhotoFlag(row: UserRow): UserListRow {
  return { ...row, hasPhoto: row.photo !== null };
}

function toView(row: UserListRow, photo?: string | null): UserView {
  const view: UserView = {
    _id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    username: row.username,
    role: row.role,
    active: row.active,
    hasPhoto: row.hasPhoto,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (photo !== undefined) view.photo = photo;
  return view;
}
