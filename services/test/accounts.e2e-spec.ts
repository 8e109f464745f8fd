import type { AuditEntry, ErrorEnvelope, Paged, User } from '@pnss/libs/api';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { createTestApp } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

const PNG = `data:image/png;base64,${Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32),
]).toString('base64')}`;

describe('user accounts (issue 6 account rules)', () => {
  const { t, admin } = useTestApp();

  const register = (body: Record<string, unknown>, auth = admin.authorization) =>
    t.http.post('/api/accounts/register').set('Authorization', auth).send(body);
  const newUser = (overrides: Record<string, unknown> = {}) => ({
    firstname: 'Maria',
    lastname: 'Santos',
    username: `msantos${Math.random().toString(36).slice(2, 8)}`,
    role: 'clinician',
    password: 'a sufficiently long password',
    ...overrides,
  });

  describe('POST /api/accounts/register', () => {
    it('creates the user and never returns the password or its hash', async () => {
      const body = newUser({ photo: PNG });
      const res = await register(body).expect(201);
      expect(res.body).toEqual({
        _id: expect.any(String),
        firstname: 'Maria',
        lastname: 'Santos',
        username: body.username,
        role: 'clinician',
        photo: PNG,
        hasPhoto: true,
        active: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(JSON.stringify(res.body)).not.toMatch(/password|hash|\$2[aby]\$/i);
      await t.signIn(body.username as string, body.password as string);
    });

    it('requires first name, last name, user name, role and password, naming each', async () => {
      const res = await register({}).expect(400);
      const fields = (res.body as ErrorEnvelope).errors?.map((e) => e.field);
      expect(fields).toEqual(['firstname', 'lastname', 'username', 'role', 'password']);
      expect((res.body as ErrorEnvelope).errors?.[0]).toEqual({ field: 'firstname', message: 'First name is required' });
    });

    it('refuses a blank first name', async () => {
      const res = await register(newUser({ firstname: '   ' })).expect(400);
      expect((res.body as ErrorEnvelope).errors).toEqual([{ field: 'firstname', message: 'First name is required' }]);
    });

    it('refuses a password shorter than 12 characters, naming password', async () => {
      const res = await register(newUser({ password: 'short' })).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: 'Password must be at least 12 characters long',
        errors: [{ field: 'password', message: 'Password must be at least 12 characters long' }],
      });
    });

    it('refuses a password that contains the user name', async () => {
      const res = await register(newUser({ username: 'jdelacruz', password: 'JDelaCruz-2024-pass' })).expect(400);
      expect((res.body as ErrorEnvelope).errors).toEqual([{ field: 'password', message: 'Password must not contain the user name' }]);
    });

    it('refuses a role that does not exist', async () => {
      const res = await register(newUser({ role: 'surgeon-general' })).expect(400);
      expect((res.body as ErrorEnvelope).errors).toEqual([{ field: 'role', message: 'Role does not exist' }]);
    });

    it('accepts the role by its _id too', async () => {
      const names = (await t.http.get('/api/roles/names').set('Authorization', admin.authorization).expect(200)).body as Array<{
        _id: string;
        name: string;
      }>;
      const reporting = names.find((r) => r.name === 'reporting');
      const res = await register(newUser({ role: reporting?._id })).expect(201);
      expect(res.body.role).toBe('reporting');
    });

    it('refuses a user name already taken, in any case, with 409', async () => {
      const body = newUser({ username: 'Unique.Name' });
      await register(body).expect(201);
      const res = await register(newUser({ username: 'unique.NAME' })).expect(409);
      expect(res.body).toEqual({
        statusCode: 409,
        message: 'Username is already taken',
        errors: [{ field: 'username', message: 'Username is already taken' }],
      });
    });

    it('refuses a photo that is not a png, jpeg or webp data URL, or larger than 200 KB', async () => {
      const svg = await register(newUser({ photo: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' })).expect(400);
      expect((svg.body as ErrorEnvelope).errors).toEqual([{ field: 'photo', message: 'Photo must be a PNG, JPEG or WebP image' }]);
      const big = `data:image/png;base64,${Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(201 * 1024),
      ]).toString('base64')}`;
      const large = await register(newUser({ photo: big })).expect(400);
      expect((large.body as ErrorEnvelope).errors).toEqual([{ field: 'photo', message: 'Photo must be at most 200 KB' }]);
    });

    it('is a 403 without register_users', async () => {
      const viewer = await t.createUserWithRole([PERMISSIONS.GET_ALL_USERS]);
      await register(newUser(), viewer.authorization).expect(403);
    });
  });

  describe('GET /api/accounts', () => {
    it('pages 100 a page, with offset as the page index, and leaves photos out', async () => {
      const res = await t.http.get('/api/accounts').set('Authorization', admin.authorization).expect(200);
      const page = res.body as Paged<User>;
      expect(page.offset).toBe(0);
      expect(page.count).toBeGreaterThan(1);
      expect(page.items.length).toBe(Math.min(page.count, 100));
      expect(page.items.every((u) => !('photo' in u) && !('password' in u))).toBe(true);
      expect(page.items.every((u) => typeof u.hasPhoto === 'boolean')).toBe(true);
      const next = (await t.http.get('/api/accounts?offset=1').set('Authorization', admin.authorization).expect(200))
        .body as Paged<User>;
      expect(next).toEqual({ items: [], count: page.count, offset: 1 });
    });

    it('searches first name, last name and user name, in any case', async () => {
      await register(newUser({ firstname: 'Ligaya', lastname: 'Bautista', username: 'lbautista' })).expect(201);
      for (const term of ['ligaya', 'BAUTISTA', 'lbaut']) {
        const page = (await t.http.get('/api/accounts').query({ search: term }).set('Authorization', admin.authorization).expect(200))
          .body as Paged<User>;
        expect(page.items.map((u) => u.username)).toEqual(['lbautista']);
        expect(page.count).toBe(1);
      }
    });

    it('treats % and _ in a search as plain characters', async () => {
      const page = (await t.http.get('/api/accounts').query({ search: '%' }).set('Authorization', admin.authorization).expect(200))
        .body as Paged<User>;
      expect(page.count).toBe(0);
    });

    it('refuses a negative or non-numeric offset, naming it', async () => {
      const res = await t.http.get('/api/accounts?offset=-1').set('Authorization', admin.authorization).expect(400);
      expect((res.body as ErrorEnvelope).errors?.[0].field).toBe('offset');
      await t.http.get('/api/accounts?offset=abc').set('Authorization', admin.authorization).expect(400);
    });
  });

  describe('who may manage users', () => {
    it('says in the list which users have a photo, so the table fetches only those', async () => {
      const withPhoto = (await register(newUser({ lastname: 'Photografo', photo: PNG })).expect(201)).body as User;
      const without = (await register(newUser({ lastname: 'Photografo' })).expect(201)).body as User;
      expect([withPhoto.hasPhoto, without.hasPhoto]).toEqual([true, false]);
      const page = (await t.http.get('/api/accounts').query({ search: 'photografo' }).set('Authorization', admin.authorization).expect(200))
        .body as Paged<User>;
      expect(Object.fromEntries(page.items.map((u) => [u._id, u.hasPhoto]))).toEqual({ [withPhoto._id]: true, [without._id]: false });
    });

    it('the user routes need the admin permission as well as their own: 403 without access_admin', async () => {
      const manager = await t.createUserWithRole([
        PERMISSIONS.GET_ALL_USERS, PERMISSIONS.GET_USER_BY_ID, PERMISSIONS.REGISTER_USERS, PERMISSIONS.UPDATE_USER,
      ]);
      await t.http.get('/api/accounts').set('Authorization', manager.authorization).expect(403);
      await t.http.get(`/api/accounts/${admin.user._id}`).set('Authorization', manager.authorization).expect(403);
      await register(newUser(), manager.authorization).expect(403);
      await t.http.put(`/api/accounts/${manager.user._id}`).set('Authorization', manager.authorization).send({ lastname: 'X' }).expect(403);

      const administrator = await t.createUserWithRole([PERMISSIONS.ACCESS_ADMIN, PERMISSIONS.GET_ALL_USERS]);
      await t.http.get('/api/accounts').set('Authorization', administrator.authorization).expect(200);
      await register(newUser(), administrator.authorization).expect(403);
    });
  });

  describe('GET and PUT /api/accounts/:userid', () => {
    it('reads one user; a malformed id is a 400 and an unknown one a 404', async () => {
      const created = (await register(newUser({ photo: PNG })).expect(201)).body as User;
      const res = await t.http.get(`/api/accounts/${created._id}`).set('Authorization', admin.authorization).expect(200);
      expect(res.body).toEqual(created);
      const bad = await t.http.get('/api/accounts/not-an-id').set('Authorization', admin.authorization).expect(400);
      expect((bad.body as ErrorEnvelope).errors).toEqual([{ field: 'userid', message: 'userid is not a valid id' }]);
      await t.http
        .get('/api/accounts/00000000-0000-4000-8000-000000000000')
        .set('Authorization', admin.authorization)
        .expect(404, { statusCode: 404, message: 'User not found' });
    });

    it('updates names and user name, and audits old and new values', async () => {
      const created = (await register(newUser({ firstname: 'Jose' })).expect(201)).body as User;
      const res = await t.http
        .put(`/api/accounts/${created._id}`)
        .set('Authorization', admin.authorization)
        .send({ userid: created._id, firstname: 'José', username: `${created.username}x` })
        .expect(200);
      expect(res.body.firstname).toBe('José');

      const history = (await t.http.get(`/api/accounts/${created._id}/history`).set('Authorization', admin.authorization).expect(200))
        .body as Paged<AuditEntry>;
      expect(history.items.map((e) => e.action)).toEqual(['update', 'create']);
      expect(history.items[0]).toMatchObject({
        entity: 'user',
        entityId: created._id,
        actorId: admin.user._id,
        actorUsername: 'admin',
        changes: [
          { field: 'firstname', old: 'Jose', new: 'José' },
          { field: 'username', old: created.username, new: `${created.username}x` },
        ],
      });
    });

    it('resets the password under the same policy, auditing only a marker', async () => {
      const body = newUser();
      const created = (await register(body).expect(201)).body as User;
      const url = `/api/accounts/${created._id}`;
      const short = await t.http.put(url).set('Authorization', admin.authorization).send({ password: 'tiny' }).expect(400);
      expect((short.body as ErrorEnvelope).errors?.[0].field).toBe('password');

      const session = await t.signIn(body.username as string, body.password as string);
      await t.http.put(url).set('Authorization', admin.authorization).send({ password: 'a brand new long password' }).expect(200);
      // A reset ends the user's sessions and the old password stops working.
      await t.http.post('/api/accounts/auth').set('Authorization', session.authorization).expect(401);
      await t.http
        .post('/api/accounts/login')
        .set('X-Forwarded-For', '10.2.0.1')
        .send({ username: body.username, password: body.password })
        .expect(401);
      await t.signIn(body.username as string, 'a brand new long password');

      const history = (await t.http.get(`${url}/history`).set('Authorization', admin.authorization).expect(200))
        .body as Paged<AuditEntry>;
      expect(history.items[0].changes).toEqual([{ field: 'password', old: null, new: '[changed]' }]);
      const everything = JSON.stringify(history);
      expect(everything).not.toContain('a brand new long password');
      expect(everything).not.toMatch(/\$2[aby]\$/);
    });

    it('ignores an empty password (the form without RESET PASSWORD)', async () => {
      const body = newUser();
      const created = (await register(body).expect(201)).body as User;
      await t.http.put(`/api/accounts/${created._id}`).set('Authorization', admin.authorization).send({ password: '', lastname: 'Reyes' }).expect(200);
      await t.signIn(body.username as string, body.password as string);
    });

    it('refuses a user name taken by someone else with 409', async () => {
      const a = (await register(newUser()).expect(201)).body as User;
      const b = (await register(newUser()).expect(201)).body as User;
      await t.http
        .put(`/api/accounts/${b._id}`)
        .set('Authorization', admin.authorization)
        .send({ username: a.username.toUpperCase() })
        .expect(409);
    });

    it('refuses a userid in the body that differs from the path, and unknown fields', async () => {
      const a = (await register(newUser()).expect(201)).body as User;
      await t.http
        .put(`/api/accounts/${a._id}`)
        .set('Authorization', admin.authorization)
        .send({ userid: admin.user._id, firstname: 'X' })
        .expect(400);
      const res = await t.http.put(`/api/accounts/${a._id}`).set('Authorization', admin.authorization).send({ isAdmin: true }).expect(400);
      expect((res.body as ErrorEnvelope).errors).toEqual([{ field: 'isAdmin', message: 'isAdmin is not an allowed field' }]);
    });
  });

  describe('deactivation', () => {
    it('is audited as deactivate and activate, with active old and new', async () => {
      const created = (await register(newUser()).expect(201)).body as User;
      const url = `/api/accounts/${created._id}`;
      await t.http.put(url).set('Authorization', admin.authorization).send({ active: false }).expect(200);
      await t.http.put(url).set('Authorization', admin.authorization).send({ active: true }).expect(200);
      const history = (await t.http.get(`${url}/history`).set('Authorization', admin.authorization).expect(200)).body as Paged<AuditEntry>;
      expect(history.items.map((e) => [e.action, e.changes])).toEqual([
        ['activate', [{ field: 'active', old: false, new: true }]],
        ['deactivate', [{ field: 'active', old: true, new: false }]],
        ['create', expect.any(Array)],
      ]);
    });

    it('nobody deactivates their own account (issue 14 item 11): 400 naming active, the session stays; another administrator may, which ends it', async () => {
      const other = await t.createUserWithRole('admin');
      const own = await t.http.put(`/api/accounts/${other.user._id}`).set('Authorization', other.authorization).send({ active: false }).expect(400);
      expect((own.body as ErrorEnvelope).errors).toEqual([{ field: 'active', message: 'You cannot deactivate your own account: ask another administrator' }]);
      await t.http.post('/api/accounts/auth').set('Authorization', other.authorization).expect(200);
      await t.http.put(`/api/accounts/${other.user._id}`).set('Authorization', admin.authorization).send({ active: false }).expect(200);
      await t.http.post('/api/accounts/auth').set('Authorization', other.authorization).expect(401);
    });
  });

  describe('the last administrator', () => {
    it('cannot be deactivated or demoted while nobody else holds access_admin', async () => {
      // A fresh app: here the seeded admin is the only user with access_admin.
      const solo = await createTestApp();
      try {
        const soloAdmin = await solo.signInAsAdmin();
        const url = `/api/accounts/${soloAdmin.user._id}`;
        // Nobody deactivates themselves (issue 14 item 11), the last administrator included.
        const deactivate = await solo.http.put(url).set('Authorization', soloAdmin.authorization).send({ active: false }).expect(400);
        expect((deactivate.body as ErrorEnvelope).message).toBe('You cannot deactivate your own account: ask another administrator');
        // Nobody changes their own role (issue 13), the last administrator included.
        const demote = await solo.http.put(url).set('Authorization', soloAdmin.authorization).send({ role: 'clinician' }).expect(403);
        expect((demote.body as ErrorEnvelope).message).toBe('You cannot change your own role');
        // Nothing changed: the administrator still works.
        await solo.http.post('/api/accounts/auth').set('Authorization', soloAdmin.authorization).expect(200);

        const second = await solo.createUserWithRole('admin');
        await solo.http.put(url).set('Authorization', second.authorization).send({ role: 'clinician' }).expect(200);
        const last = await solo.http
          .put(`/api/accounts/${second.user._id}`)
          .set('Authorization', second.authorization)
          .send({ active: false })
          .expect(400);
        expect(last.body.statusCode).toBe(400);
      } finally {
        await solo.close();
      }
    });
  });
});
