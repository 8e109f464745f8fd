import { PERMISSIONS } from '@pnss/libs/permissions';
import type { AppConfig } from '../../config/app-config.js';
import { serializeAnswer } from '../../common/output/fixed-answers.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { SignInService } from './sign-in.service.js';

type Dependencies = ConstructorParameters<typeof SignInService>;

/** The service with only what the session check uses: the server's hub setting. */
function service(hubEnabled: boolean): SignInService {
  const unused = {} as never;
  const config = { census: { hubEnabled }, jwtSecret: 'a test secret' } as unknown as AppConfig;
  const dependencies: Dependencies = [unused, unused, unused, unused, unused, unused, unused, config];
  return new SignInService(...dependencies);
}

const caller = (): AuthenticatedUser =>
  Object.freeze({
    id: 'u1', username: 'ana', firstname: 'Ana', lastname: 'Reyes', role: 'clinician', sessionId: 's1', ip: '127.0.0.1',
    permissions: [PERMISSIONS.GET_PATIENTS, PERMISSIONS.VIEW_HUB_PACKAGES],
  });

describe('SignInService: the session check', () => {
  it('answers a caller with the permissions in force on this server (no hub permission on a department)', () => {
    expect(service(false).session(caller())).toEqual({ _id: 'u1', firstname: 'Ana', lastname: 'Reyes', username: 'ana', role: 'clinician', permissions: [PERMISSIONS.GET_PATIENTS] });
    expect(service(true).session(caller()).permissions).toEqual([PERMISSIONS.GET_PATIENTS, PERMISSIONS.VIEW_HUB_PACKAGES]);
  });

  it('builds the answer of one caller once, already written as JSON, and a new caller (a reloaded session) its own', () => {
    const signIn = service(false);
    const user = caller();
    const answer = signIn.session(user);
    expect(signIn.session(user)).toBe(answer);
    expect(serializeAnswer(answer)).toBe(JSON.stringify(answer));
    expect(Object.isFrozen(answer.permissions)).toBe(true);
    const reloaded = { ...user, role: 'admin' };
    expect(signIn.session(reloaded)).not.toBe(answer);
    expect(signIn.session(reloaded).role).toBe('admin');
  });
});
