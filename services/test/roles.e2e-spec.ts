import type { AuditEntry, ErrorEnvelope, Paged, Role, RoleName, SessionUser } from '@pnss/libs/api';
import { ALL_PERMISSIONS, FEATURES, PERMISSIONS, SEEDED_ROLES } from '@pnss/libs/permissions';
import { useTestApp } from './support/use-test-app.js';

describe('roles and their permissions', () => {
  const { t, get, put } = useTestApp();
  let roles: Role[];

  beforeAll(async () => {
    roles = (await get('/api/roles').expect(200)).body as Role[];
  });

  const roleNamed = (name: string) => {
    const role = roles.find((r) => r.roleName === name);
    if (!role) throw new Error(`no role ${name}`);
    return role;
  };
  const putRoles = (body: unknown) => put('/api/roles', body as object);

  it('seeds the roles of SEEDED_ROLES with their permissions', () => {
    for (const seeded of SEEDED_ROLES) {
      expect(roleNamed(seeded.name)).toEqual({
        _id: expect.any(String),
        roleName: seeded.name,
        label: seeded.label,
        rolePermissions: ALL_PERMISSIONS.filter((p) => seeded.rolePermissions.includes(p)),
      });
    }
  });

  it('lists role names as { _id, name, label } for the user form', async () => {
    const names = (await get('/api/roles/names').expect(200)).body as RoleName[];
    expect(names).toEqual(expect.arrayContaining([{ _id: roleNamed('clinician')._id, name: 'clinician', label: 'Clinician' }]));
  });

  it('lets a user manager without get_roles read the role names, not the roles', async () => {
    const manager = await t.createUserWithRole([PERMISSIONS.REGISTER_USERS]);
    await t.http.get('/api/roles/names').set('Authorization', manager.authorization).expect(200);
    await t.http.get('/api/roles').set('Authorization', manager.authorization).expect(403);
  });

  it('lists the features of the permission catalogue', async () => {
    const res = await get('/api/roles/features').expect(200);
    expect(res.body).toEqual(FEATURES.map(({ feature, label, group }) => ({ feature, label, group })));
  });

  it('saves the ticked features and audits old and new values', async () => {
    const reporting = roleNamed('reporting');
    const next = [...reporting.rolePermissions, PERMISSIONS.GET_PATIENTS];
    const res = await putRoles([{ _id: reporting._id, rolePermissions: next }]).expect(200);
    const saved = (res.body as Role[]).find((r) => r._id === reporting._id);
    expect(saved?.rolePermissions).toEqual(ALL_PERMISSIONS.filter((p) => next.includes(p)));

    const history = (await get(`/api/roles/${reporting._id}/history`).expect(200))
      .body as Paged<AuditEntry>;
    expect(history.items[0]).toMatchObject({
      entity: 'role',
      entityId: reporting._id,
      action: 'update',
      actorUsername: 'admin',
      changes: [{ field: 'rolePermissions', old: reporting.rolePermissions, new: saved?.rolePermissions }],
    });
    expect(history.items.at(-1)?.action).toBe('create');
  });

  it('applies a permission removed from a role at the next request', async () => {
    const role = roleNamed('census_officer');
    const user = await t.createUserWithRole('census_officer');
    await t.http.get('/api/categories').set('Authorization', user.authorization).expect(200);
    await putRoles([{ _id: role._id, rolePermissions: role.rolePermissions.filter((p) => p !== PERMISSIONS.GET_CATEGORIES) }]).expect(200);
    await t.http.get('/api/categories').set('Authorization', user.authorization).expect(403);
    await putRoles([{ _id: role._id, rolePermissions: role.rolePermissions }]).expect(200);
  });

  it('a feature granted to a role shows in its users\' permissions at their next session check, without signing in again', async () => {
    const role = roleNamed('clinician');
    const user = await t.createUserWithRole('clinician');
    const check = async () =>
      ((await t.http.post('/api/accounts/auth').set('Authorization', user.authorization).expect(200)).body as SessionUser).permissions;
    expect(await check()).not.toContain(PERMISSIONS.ACCESS_ADMIN);
    await t.http.get('/api/accounts').set('Authorization', user.authorization).expect(403);

    const granted = [...role.rolePermissions, PERMISSIONS.ACCESS_ADMIN, PERMISSIONS.GET_ALL_USERS];
    await putRoles([{ _id: role._id, rolePermissions: granted }]).expect(200);
    expect(await check()).toEqual(expect.arrayContaining([PERMISSIONS.ACCESS_ADMIN, PERMISSIONS.GET_ALL_USERS]));
    await t.http.get('/api/accounts').set('Authorization', user.authorization).expect(200);

    await putRoles([{ _id: role._id, rolePermissions: role.rolePermissions }]).expect(200);
    expect(await check()).not.toContain(PERMISSIONS.ACCESS_ADMIN);
  });

  it('reading and editing roles needs the admin permission as well as get_roles or update_roles', async () => {
    const withoutAdmin = await t.createUserWithRole([PERMISSIONS.GET_ROLES, PERMISSIONS.UPDATE_ROLES]);
    await t.http.get('/api/roles').set('Authorization', withoutAdmin.authorization).expect(403);
    await t.http.get('/api/roles/features').set('Authorization', withoutAdmin.authorization).expect(403);
    await t.http.put('/api/roles').set('Authorization', withoutAdmin.authorization).send([]).expect(403);
    const admin2 = await t.createUserWithRole([PERMISSIONS.ACCESS_ADMIN, PERMISSIONS.GET_ROLES]);
    await t.http.get('/api/roles').set('Authorization', admin2.authorization).expect(200);
    await t.http.get('/api/roles/features').set('Authorization', admin2.authorization).expect(200);
    await t.http.put('/api/roles').set('Authorization', admin2.authorization).send([]).expect(403);
  });

  it('refuses an unknown permission name with a 400 naming the item', async () => {
    const res = await putRoles([{ _id: roleNamed('clinician')._id, rolePermissions: ['get_patients', 'launch_rockets'] }]).expect(400);
    expect((res.body as ErrorEnvelope).errors).toEqual([{ field: '[0].rolePermissions', message: 'Unknown permission: launch_rockets' }]);
  });

  it('refuses a body that is not a list, a malformed id, and unknown fields', async () => {
    await putRoles({ _id: roleNamed('clinician')._id, rolePermissions: [] }).expect(400);
    const bad = await putRoles([{ _id: 'x', rolePermissions: [] }]).expect(400);
    expect((bad.body as ErrorEnvelope).errors).toEqual([{ field: '[0]._id', message: '_id must be a valid role id' }]);
    const extra = await putRoles([{ _id: roleNamed('clinician')._id, rolePermissions: [], roleName: 'x' }]).expect(400);
    expect((extra.body as ErrorEnvelope).errors).toEqual([{ field: '[0].roleName', message: '[0].roleName is not an allowed field' }]);
  });

  it('answers 404 for an unknown role and changes nothing', async () => {
    const clinician = roleNamed('clinician');
    await putRoles([
      { _id: clinician._id, rolePermissions: [] },
      { _id: '00000000-0000-4000-8000-000000000000', rolePermissions: [] },
    ]).expect(404, { statusCode: 404, message: 'Role not found' });
    const now = (await get('/api/roles').expect(200)).body as Role[];
    expect(now.find((r) => r._id === clinician._id)?.rolePermissions).toEqual(clinician.rolePermissions);
  });

  it('refuses to take access_admin away from the last active administrators (409), changing nothing', async () => {
    const adminRole = roleNamed('admin');
    const res = await putRoles([
      { _id: adminRole._id, rolePermissions: adminRole.rolePermissions.filter((p) => p !== PERMISSIONS.ACCESS_ADMIN) },
    ]).expect(409);
    expect((res.body as ErrorEnvelope).message).toMatch(/At least one active user must keep administrator access/);
    await get('/api/roles').expect(200);
  });

  it('refuses to take the editing of roles away from the last administrators (409): nobody could put it back', async () => {
    const adminRole = roleNamed('admin');
    for (const taken of [PERMISSIONS.UPDATE_ROLES, PERMISSIONS.GET_ROLES]) {
      const res = await putRoles([{ _id: adminRole._id, rolePermissions: adminRole.rolePermissions.filter((p) => p !== taken) }]).expect(409);
      expect((res.body as ErrorEnvelope).message).toMatch(/At least one active user must keep administrator access/);
    }
    const now = (await get('/api/roles').expect(200)).body as Role[];
    expect(now.find((r) => r._id === adminRole._id)?.rolePermissions).toEqual(adminRole.rolePermissions);
  });

  it('history of a role: 400 for a malformed id, 404 for an unknown one, 403 without view_audit', async () => {
    await get('/api/roles/abc/history').expect(400);
    await get('/api/roles/00000000-0000-4000-8000-000000000000/history').expect(404);
    const roleReader = await t.createUserWithRole([PERMISSIONS.GET_ROLES]);
    await t.http.get(`/api/roles/${roleNamed('admin')._id}/history`).set('Authorization', roleReader.authorization).expect(403);
  });
});
