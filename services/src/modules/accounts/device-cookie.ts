import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';

/**
 * The device cookie of OWASP's 'Blocking Brute Force Attacks' (issue 27 item 4): after a successful
 * sign-in the browser gets a signed cookie naming that user. A later attempt for the same user that
 * shows it comes from a device that knew her password before, so it is not held up by the account's
 * throttle, which anyone can trip by guessing her name from many addresses. Guessing from the device
 * itself is counted on the cookie's own counter, and per address and per pair as before.
 */

export const DEVICE_COOKIE = 'pnss_device';
/** A device is remembered for half a year after its last sign-in. */
export const DEVICE_COOKIE_DAYS = 180;
/** Only the sign-in route reads it: no other request carries it. */
const COOKIE_PATH = '/api/accounts/login';

export interface DeviceClaim {
  /** The user name it was issued for, lower case (as the throttle counts it). */
  user: string;
  /** The device's random id: its counter in the throttle. */
  id: string;
  issuedAt: number;
}

export class DeviceCookies {
  private readonly key: Buffer;

  /** `secret`: the server's JWT secret; the cookie's key is derived from it, for this use alone. */
  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('pnss device cookie v1').digest();
  }

  /** The Set-Cookie header for a device that just signed in as `user`. */
  issue(user: string, secure: boolean, now = Date.now()): string {
    const claim: DeviceClaim = { user: user.toLowerCase(), id: randomBytes(16).toString('base64url'), issuedAt: now };
    const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
    return stringifySetCookie({
      name: DEVICE_COOKIE,
      value: `${payload}.${this.sign(payload)}`,
      path: COOKIE_PATH,
      httpOnly: true,
      secure,
      sameSite: 'strict',
      maxAge: DEVICE_COOKIE_DAYS * 86_400,
    });
  }

  /** The claim of the request's device cookie when it is genuine, unexpired and issued for `user`; null otherwise. */
  claimFor(cookieHeader: string | undefined, user: string, now = Date.now()): DeviceClaim | null {
    if (!cookieHeader) return null;
    const value = parseCookie(cookieHeader)[DEVICE_COOKIE];
    const [payload, signature, extra] = value?.split('.') ?? [];
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let claim: DeviceClaim;
    try {
      claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as DeviceClaim;
    } catch {
      return null;
    }
    if (typeof claim.user !== 'string' || typeof claim.id !== 'string' || typeof claim.issuedAt !== 'number') return null;
    if (claim.user !== user.toLowerCase() || now - claim.issuedAt > DEVICE_COOKIE_DAYS * 86_400_000) return null;
    return claim;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
