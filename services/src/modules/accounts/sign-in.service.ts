import { Inject, Injectable } from '@nestjs/common';
import type { LoginResponse, SessionUser } from '@pnss/libs/api';
import { isPermissionName, permissionsInForce } from '@pnss/libs/permissions';
import { fixedAnswer } from '../../common/output/fixed-answers.js';
import { APP_CONFIG, type AppConfig, censusConfigOf } from '../../config/app-config.js';
import { DatabaseService } from '../../database/database.service.js';
import { AuditService } from '../audit/audit.service.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { SessionsService } from '../auth/sessions.service.js';
import { TokenService } from '../auth/token.service.js';
import { AccountsErrorCode, accountsError } from './accounts.errors.js';
import { AccountsRepository, type UserRow } from './accounts.repository.js';
import type { LoginDto } from './dto/login.dto.js';
import { PasswordHasher } from './password-hasher.js';
import { DeviceCookies } from './device-cookie.js';
import { SignInThrottle } from './sign-in-throttle.js';

export const SESSION_ENTITY = 'session';
export const LOGIN_ACTION = 'login';
export const LOGIN_FAILED_ACTION = 'login_failed';
export const LOGOUT_ACTION = 'logout';
/** A sign-in refused by the throttle (429) before its password was looked at. */
export const LOGIN_THROTTLED_ACTION = 'login_throttled';

/** Where a sign-in comes from: the address, the request's Cookie header, and whether it came over HTTPS. */
export interface SignInSource {
  ip: string | null;
  cookies?: string;
  secure?: boolean;
}

/** A sign-in's answer, and the device cookie to set (Set-Cookie) when it succeeded. */
export interface SignedInAnswer {
  answer: LoginResponse;
  deviceCookie: string;
}

type FailureReason = 'unknown_user' | 'wrong_password' | 'deactivated';

/**
 * Sign-in, the session check and sign-out. Every attempt is audited (entity 'session') and
 * throttled by SignInThrottle (counters in the database, taken before the password is checked).
 */
@Injectable()
export class SignInService {
  /** Read once: whether this server is the society's hub decides which permissions are told. */
  private readonly server: { hubEnabled: boolean };
  /** The session check's answer of each caller object, kept as long as the caller is. */
  private readonly sessionAnswers = new WeakMap<AuthenticatedUser, SessionUser>();
  private readonly devices: DeviceCookies;

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly database: DatabaseService,
    private readonly audit: AuditService,
    private readonly tokens: TokenService,
    private readonly sessions: SessionsService,
    private readonly hasher: PasswordHasher,
    private readonly throttle: SignInThrottle,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.server = { hubEnabled: censusConfigOf(config).hubEnabled };
    this.devices = new DeviceCookies(config.jwtSecret);
  }

  async login(dto: LoginDto, source: SignInSource): Promise<SignedInAnswer> {
    const { ip } = source;
    const attempted = dto.username.trim();
    const device = this.devices.claimFor(source.cookies, attemptKey(attempted));
    // Counted before the password is checked, so a blocked guesser learns nothing even when the guess is right.
    let reservation;
    try {
      reservation = await this.throttle.reserve(attemptKey(attempted), ip, device?.id ?? null);
    } catch (error) {
      await this.recordThrottled(attempted, ip, device !== null);
      throw error;
    }
    const user = await this.accounts.findByUsername(attempted);

    if (!user) {
      await this.hasher.verifyAgainstNothing(dto.password);
      await this.recordFailure(attempted, ip, 'unknown_user');
      throw accountsError(AccountsErrorCode.InvalidCredentials);
    }
    if (!(await this.hasher.verify(dto.password, user.passwordHash))) {
      await this.recordFailure(attempted, ip, 'wrong_password');
      throw accountsError(AccountsErrorCode.InvalidCredentials);
    }
    // Told only to someone who knows the password, so it reveals nothing to a guesser.
    if (!user.active) {
      await this.recordFailure(attempted, ip, 'deactivated');
      throw accountsError(AccountsErrorCode.AccountDeactivated);
    }

    await this.throttle.succeeded(reservation);
    const issued = await this.database.transaction(async (tx) => {
      const issued = await this.tokens.issue(tx, user.id, ip);
      await this.audit.record(tx, {
        actor: { id: user.id, username: user.username },
        entity: SESSION_ENTITY,
        entityId: issued.sessionId,
        action: LOGIN_ACTION,
        ip,
      });
      return issued;
    });
    const session = await this.sessions.findWithUser(issued.sessionId, user.id);
    const permissions = permissionsInForce((session?.rolePermissions ?? []).filter(isPermissionName), this.server);
    return {
      answer: { token: issued.token, message: 'Signed in successfully', user: toSessionUser(user, permissions) },
      deviceCookie: this.devices.issue(attemptKey(attempted), source.secure ?? false),
    };
  }

  /**
   * POST /accounts/auth: the guard has already checked the token, the session and the user. The
   * answer is built and written as JSON once per caller object, and the guard gives one caller
   * object per loaded session (JwtStrategy), so a session reloaded after any change answers anew.
   */
  session(user: AuthenticatedUser): SessionUser {
    let answer = this.sessionAnswers.get(user);
    if (!answer) {
      answer = fixedAnswer(toSessionUser(user, permissionsInForce(user.permissions, this.server)));
      this.sessionAnswers.set(user, answer);
    }
    return answer;
  }

  async logout(user: AuthenticatedUser): Promise<{ message: string }> {
    await this.database.transaction(async (tx) => {
      await this.sessions.revoke(tx, user.sessionId);
      await this.audit.record(tx, { actor: user, entity: SESSION_ENTITY, entityId: user.sessionId, action: LOGOUT_ACTION });
    });
    return { message: 'Signed out' };
  }

  /** A 429 of the throttle: the attempted name, the address and whether a device cookie came with it. */
  private async recordThrottled(attempted: string, ip: string | null, knownDevice: boolean): Promise<void> {
    await this.audit.record(this.database.db, {
      actor: null,
      entity: SESSION_ENTITY,
      entityId: attemptKey(attempted),
      action: LOGIN_THROTTLED_ACTION,
      changes: [{ field: 'knownDevice', old: null, new: knownDevice }],
      ip,
    });
  }

  /** The attempted name, never the password: it is what the per-name limit counts. */
  private async recordFailure(attempted: string, ip: string | null, reason: FailureReason): Promise<void> {
    await this.audit.record(this.database.db, {
      actor: null,
      entity: SESSION_ENTITY,
      entityId: attemptKey(attempted),
      action: LOGIN_FAILED_ACTION,
      changes: [{ field: 'reason', old: null, new: reason }],
      ip,
    });
  }
}

/** User names compare without case; the key is bounded so a huge name cannot bloat the log. */
function attemptKey(username: string): string {
  return username.toLowerCase().slice(0, 100);
}

/** The signed-in user as login and POST /accounts/auth answer it, from the stored or the authenticated user. */
function toSessionUser(
  user: Pick<UserRow, 'id' | 'firstname' | 'lastname' | 'username' | 'role'>,
  permissions: SessionUser['permissions'],
): SessionUser {
  return {
    _id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    username: user.username,
    role: user.role,
    permissions,
  };
}
