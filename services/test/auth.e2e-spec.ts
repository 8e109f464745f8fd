import { createSigner } from 'fast-jwt';
import type { ErrorEnvelope, LoginResponse, SessionUser } from '@pnss/libs/api';
import { ALL_PERMISSIONS, PERMISSIONS, permissionsInForce } from '@pnss/libs/permissions';
import { eq } from 'drizzle-orm';
import { sessions } from '../src/database/schema.js';
import { TEST_ADMIN_PASSWORD, TEST_ADMIN_USERNAME, type TestApp, createTestApp } from './support/test-app.js';

describe('sign-in, sessions and the global guard', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  describe('POST /api/accounts/login', () => {
    it('answers a token, a message and the user with the permissions of the role', async () => {
      const res = await t.http
        .post('/api/accounts/login')
        .send({ username: TEST_ADMIN_USERNAME, password: TEST_ADMIN_PASSWORD })
        .expect(200);
      const body = res.body as LoginResponse;
      expect(typeof body.token).toBe('string');
      expect(body.message).toBe('Signed in successfully');
      expect(body.user).toEqual({
        _id: expect.any(String),
        firstname: 'System',
        lastname: 'Administrator',
        username: TEST_ADMIN_USERNAME,
        role: 'admin',
        // A department (the test app is no hub) is not told of the hub's permissions.
        permissions: permissionsInForce(ALL_PERMISSIONS, { hubEnabled: false }),
      });
      expect(JSON.stringify(body)).not.toMatch(/password/i);
    });

    it('accepts the user name in any case', async () => {
      await t.http.post('/api/accounts/login').send({ username: 'ADMIN', password: TEST_ADMIN_PASSWORD }).expect(200);
    });

    it('refuses a wrong password and an unknown user with the same message', async () => {
      const wrong = await t.http
        .post('/api/accounts/login')
        .set('X-Forwarded-For', '10.1.0.1')
        .send({ username: TEST_ADMIN_USERNAME, password: 'not the password at all' })
        .expect(401);
      const unknown = await t.http
        .post('/api/accounts/login')
        .set('X-Forwarded-For', '10.1.0.1')
        .send({ username: 'nobody-here', password: 'not the password at all' })
        .expect(401);
      expect(wrong.body).toEqual({ statusCode: 401, message: 'Invalid username or password' });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('names each missing field with a 400', async () => {
      const res = await t.http.post('/api/accounts/login').send({}).expect(400);
      const body = res.body as ErrorEnvelope;
      expect(body.errors).toEqual([
        { field: 'username', message: 'Username is required' },
        { field: 'password', message: 'Password is required' },
      ]);
    });

    it('refuses an unknown field, naming it', async () => {
      const res = await t.http
        .post('/api/accounts/login')
        .send({ username: 'a', password: 'b', remember: true })
        .expect(400);
      expect((res.body as ErrorEnvelope).errors).toEqual([{ field: 'remember', message: 'remember is not an allowed field' }]);
    });
  });

  describe('the global guard', () => {
    it('answers 401 without a token', async () => {
      const res = await t.http.get('/api/accounts').expect(401);
      expect(res.body).toEqual({ statusCode: 401, message: 'Please sign in to continue' });
    });

    it('answers 401 for a malformed or forged token', async () => {
      await t.http.get('/api/accounts').set('Authorization', 'Bearer not-a-jwt').expect(401);
      const forged = createSigner({ key: 'another secret that is long enough to sign', algorithm: 'HS256' })({
        sub: (await t.signInAsAdmin()).user._id,
        sid: '00000000-0000-4000-8000-000000000000',
        exp: Math.floor(Date.now() / 1000) + 3600,
      });
      const res = await t.http.get('/api/accounts').set('Authorization', `Bearer ${forged}`).expect(401);
      expect(res.body).toEqual({ statusCode: 401, message: 'Your session has ended. Please sign in again.' });
    });

    it('answers 401 for an expired token', async () => {
      const admin = await t.signInAsAdmin();
      const [, payload] = admin.token.split('.');
      const { sid } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sid: string };
      const expired = createSigner({ key: t.config.jwtSecret, algorithm: 'HS256' })({ sub: admin.user._id, sid, exp: Math.floor(Date.now() / 1000) - 60 });
      await t.http.post('/api/accounts/auth').set('Authorization', `Bearer ${expired}`).expect(401);
    });

    it('answers 403 when the role lacks the permission of the route', async () => {
      const reader = await t.createUserWithRole([PERMISSIONS.GET_CATEGORIES]);
      const res = await t.http.get('/api/accounts').set('Authorization', reader.authorization).expect(403);
      expect(res.body).toEqual({ statusCode: 403, message: 'You do not have permission to do this' });
      await t.http.get('/api/categories').set('Authorization', reader.authorization).expect(200);
    });

    it('answers API calls with Cache-Control: no-store, errors included', async () => {
      const ok = await t.http.get('/api/health').expect(200);
      expect(ok.headers['cache-control']).toBe('no-store');
      const denied = await t.http.get('/api/accounts').expect(401);
      expect(denied.headers['cache-control']).toBe('no-store');
    });

    it('answers API calls with the security headers of an API (no-store, nosniff, a deny-all CSP, no framing, HSTS), errors included; the documentation pages keep the page headers', async () => {
      for (const res of [await t.http.get('/api/health').expect(200), await t.http.get('/api/accounts').expect(401)]) {
        expect(res.headers).toMatchObject({
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
          'x-frame-options': 'DENY',
          'strict-transport-security': expect.stringContaining('max-age='),
          'cross-origin-resource-policy': expect.any(String),
        });
        // Page headers say nothing about JSON and are not sent with it.
        expect(res.headers['referrer-policy']).toBeUndefined();
        expect(res.headers['x-xss-protection']).toBeUndefined();
      }
      const docs = await t.http.get('/api/docs').expect(200);
      expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
      expect(docs.headers['referrer-policy']).toBe('no-referrer');
      expect(docs.headers['cache-control']).toBe('no-store');
    });

    it('answers an unknown API path with a 404 in the error envelope', async () => {
      const res = await t.http.get('/api/no-such-thing').expect(404);
      expect(res.body).toEqual({ statusCode: 404, message: expect.any(String) });
    });

    it('answers a malformed JSON body with a 400 in the envelope, without internals', async () => {
      const res = await t.http
        .post('/api/accounts/login')
        .set('Content-Type', 'application/json')
        .send('{"username": ')
        .expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: expect.stringContaining('JSON') });
    });
  });

  describe('POST /api/accounts/auth and /logout', () => {
    it('returns the current user and permissions', async () => {
      const admin = await t.signInAsAdmin();
      const res = await t.http.post('/api/accounts/auth').set('Authorization', admin.authorization).expect(200);
      expect(res.body).toEqual(admin.user);
    });

    it('shows a role change at the next session check', async () => {
      const user = await t.createUserWithRole('reporting');
      const admin = await t.signInAsAdmin();
      const before = (await t.http.post('/api/accounts/auth').set('Authorization', user.authorization).expect(200))
        .body as SessionUser;
      expect(before.permissions).not.toContain(PERMISSIONS.GET_PATIENTS);

      await t.http
        .put(`/api/accounts/${user.user._id}`)
        .set('Authorization', admin.authorization)
        .send({ role: 'clinician' })
        .expect(200);

      const after = (await t.http.post('/api/accounts/auth').set('Authorization', user.authorization).expect(200))
        .body as SessionUser;
      expect(after.role).toBe('clinician');
      expect(after.permissions).toContain(PERMISSIONS.GET_PATIENTS);
    });

    it('drops sessions that ended over a day ago when the user signs in again', async () => {
      const user = await t.createUserWithRole('reporting');
      const longAgo = new Date(Date.now() - 3 * 24 * 3600_000);
      const [old] = await t.database.db
        .insert(sessions)
        .values({ userId: user.user._id, createdAt: longAgo, expiresAt: longAgo, ip: null })
        .returning({ id: sessions.id });
      await t.signIn(user.username, user.password);
      const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.user._id));
      expect(left.map((s) => s.id)).not.toContain(old.id);
      expect(left.length).toBe(2);
    });

    it('revokes the token on sign-out', async () => {
      const user = await t.createUserWithRole('reporting');
      await t.http.post('/api/accounts/logout').set('Authorization', user.authorization).expect(200, { message: 'Signed out' });
      await t.http.post('/api/accounts/auth').set('Authorization', user.authorization).expect(401);
    });
  });

  describe('deactivation', () => {
    it('refuses sign-in and ends existing sessions at the next session check', async () => {
      const user = await t.createUserWithRole('clinician');
      const admin = await t.signInAsAdmin();
      await t.http.post('/api/accounts/auth').set('Authorization', user.authorization).expect(200);

      const res = await t.http
        .put(`/api/accounts/${user.user._id}`)
        .set('Authorization', admin.authorization)
        .send({ active: false })
        .expect(200);
      expect(res.body.active).toBe(false);

      await t.http.post('/api/accounts/auth').set('Authorization', user.authorization).expect(401);
      const login = await t.http
        .post('/api/accounts/login')
        .set('X-Forwarded-For', '10.1.0.2')
        .send({ username: user.username, password: user.password })
        .expect(401);
      expect(login.body).toEqual({ statusCode: 401, message: 'This account has been deactivated' });

      await t.http
        .put(`/api/accounts/${user.user._id}`)
        .set('Authorization', admin.authorization)
        .send({ active: true })
        .expect(200);
      await t.signIn(user.username, user.password);
    });

    it('a deactivated user cannot sign in with a wrong password either, and is told only "invalid"', async () => {
      const user = await t.createUserWithRole('clinician');
      const admin = await t.signInAsAdmin();
      await t.http.put(`/api/accounts/${user.user._id}`).set('Authorization', admin.authorization).send({ active: false }).expect(200);
      const res = await t.http
        .post('/api/accounts/login')
        .set('X-Forwarded-For', '10.1.0.3')
        .send({ username: user.username, password: 'wrong password, long enough' })
        .expect(401);
      expect(res.body.message).toBe('Invalid username or password');
    });
  });

  describe('public routes', () => {
    it('serves the version check without a token', async () => {
      const res = await t.http.get('/api/checkupdate').expect(200);
      expect(res.body).toEqual({ currVersion: '1.0.0', siteVersion: '1.0.0' });
    });

    it('serves health without a token, checking the database', async () => {
      await t.http.get('/api/health').expect(200, { status: 'ok', database: 'ok', version: '1.0.0' });
    });

    it('serves the OpenAPI document and its UI without a token', async () => {
      const ui = await t.http.get('/api/docs').redirects(1).expect(200);
      expect(ui.text).toContain('swagger');
      const doc = await t.http.get('/api/docs/openapi.json').expect(200);
      const paths = Object.keys((doc.body as { paths: Record<string, unknown> }).paths);
      expect(paths).toEqual(expect.arrayContaining(['/api/accounts/login', '/api/roles', '/api/checkupdate', '/api/audit']));
    });
  });
});
