import type { AuditEntry, ErrorEnvelope, Paged, Role, RoleName, SessionUser } from '@pnss/libs/api';
import { ALL_PERMISSIONS, FEATURES, PERMISSIONS, SEEDED_ROLES, type PermissionName } from '@pnss/libs/permissions';
import { createTestApp } from './support/test-app.js';
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

  it("refuses a role change that would leave another role nobody could change (409, naming it): the Administrator role keeps every permission the Clinician role holds", async () => {
    const adminRole = roleNamed('admin');
    const res = await putRoles([
      { _id: adminRole._id, rolePermissions: adminRole.rolePermissions.filter((p) => p !== PERMISSIONS.CLOSE_PATIENT_CASE) },
    ]).expect(409);
    expect((res.body as ErrorEnvelope).message).toBe(
      'At least one active user must keep administrator access: this change would leave nobody able to change the role Clinician. ' +
        'Administering a role takes Open the Admin module, View roles and Edit role permissions, and every permission the role holds.',
    );
    const now = (await get('/api/roles').expect(200)).body as Role[];
    expect(now.find((r) => r._id === adminRole._id)?.rolePermissions).toEqual(adminRole.rolePermissions);
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

  describe('issue 27 item 1: a role may be changed only by someone who holds every permission of that role as it is and as it will be', () => {
    const ROLE_EDITOR: PermissionName[] = [PERMISSIONS.ACCESS_ADMIN, PERMISSIONS.GET_ROLES, PERMISSIONS.UPDATE_ROLES];
    beforeEach(async () => {
      roles = (await get('/api/roles').expect(200)).body as Role[];
    });

    it("refuses the issue's role editor reducing the Administrator role to three permissions (403 naming the role), and the administrator keeps working", async () => {
      const editor = await t.createUserWithRole(ROLE_EDITOR);
      const adminRole = roleNamed('admin');
      const res = await t.http.put('/api/roles').set('Authorization', editor.authorization)
        .send([{ _id: adminRole._id, rolePermissions: ROLE_EDITOR }]).expect(403);
      expect((res.body as ErrorEnvelope).message).toMatch(
        /^You cannot change the role Administrator: it holds permissions you do not hold yourself \(get_patients, .*view_audit\)\. A role may be changed only by someone who holds every permission it has and will have\.$/,
      );
      await get('/api/patients').expect(200);
      await get('/api/audit').expect(200);
      const now = (await get('/api/roles').expect(200)).body as Role[];
      expect(now.find((r) => r._id === adminRole._id)?.rolePermissions).toEqual([...ALL_PERMISSIONS]);
    });

    it('refuses the same editor emptying the Clinician and Census Officer roles', async () => {
      const editor = await t.createUserWithRole(ROLE_EDITOR);
      for (const name of ['clinician', 'census_officer']) {
        const role = roleNamed(name);
        const res = await t.http.put('/api/roles').set('Authorization', editor.authorization).send([{ _id: role._id, rolePermissions: [] }]).expect(403);
        expect((res.body as ErrorEnvelope).message).toMatch(new RegExp(`^You cannot change the role ${role.label}: it holds permissions you do not hold yourself`));
        const now = (await get('/api/roles').expect(200)).body as Role[];
        expect(now.find((r) => r._id === role._id)?.rolePermissions).toEqual(role.rolePermissions);
      }
    });

    it('refuses a whole PUT when one of its roles is beyond the editor, changing none of them', async () => {
      const editor = await t.createUserWithRole([...ROLE_EDITOR, PERMISSIONS.VIEW_REPORTS, PERMISSIONS.EXPORT_REPORTS, PERMISSIONS.GET_CATEGORIES]);
      const reporting = roleNamed('reporting');
      const clinician = roleNamed('clinician');
      await t.http.put('/api/roles').set('Authorization', editor.authorization).send([
        { _id: reporting._id, rolePermissions: [PERMISSIONS.VIEW_REPORTS] },
        { _id: clinician._id, rolePermissions: [PERMISSIONS.VIEW_REPORTS] },
      ]).expect(403);
      const now = (await get('/api/roles').expect(200)).body as Role[];
      expect(now.find((r) => r._id === reporting._id)?.rolePermissions).toEqual(reporting.rolePermissions);
    });

    it('every combination: an editor role, a target role and a change pass exactly when the editor holds the target as it is and as it will be', async () => {
      const reporting = roleNamed('reporting');
      const editors: Array<{ name: string; permissions: PermissionName[] }> = [
        { name: 'role administration only', permissions: ROLE_EDITOR },
        { name: 'role administration and reporting', permissions: [...ROLE_EDITOR, ...reporting.rolePermissions] },
        { name: 'role administration and clinician', permissions: [...ROLE_EDITOR, ...roleNamed('clinician').rolePermissions] },
        { name: 'role administration, reporting and the audit log', permissions: [...ROLE_EDITOR, ...reporting.rolePermissions, PERMISSIONS.VIEW_AUDIT] },
      ];
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const editorSpec of editors) {
        const editor = await t.createUserWithRole(editorSpec.permissions);
        for (const name of ['admin', 'clinician', 'census_officer', 'reporting']) {
          const target = roleNamed(name);
          const changes: Array<{ change: string; next: PermissionName[] }> = [
            { change: 'emptied', next: [] },
            { change: 'one taken away', next: target.rolePermissions.slice(1) },
            { change: 'the audit log added', next: [...target.rolePermissions.filter((p) => p !== PERMISSIONS.VIEW_AUDIT), PERMISSIONS.VIEW_AUDIT] },
            { change: 'the reports added', next: [...new Set([...target.rolePermissions, PERMISSIONS.VIEW_REPORTS])] },
          ];
          for (const { change, next } of changes) {
            if ([...next].sort().join() === [...target.rolePermissions].sort().join()) continue;
            const holdsAll = [...target.rolePermissions, ...next].every((p) => editorSpec.permissions.includes(p));
            const res = await t.http.put('/api/roles').set('Authorization', editor.authorization).send([{ _id: target._id, rolePermissions: next }]);
            outcomes.push(`${editorSpec.name} / ${target.label} ${change}: ${res.status}`);
            expected.push(`${editorSpec.name} / ${target.label} ${change}: ${holdsAll ? 200 : 403}`);
            if (res.status === 200) await putRoles([{ _id: target._id, rolePermissions: target.rolePermissions }]).expect(200);
          }
        }
      }
      expect(outcomes).toEqual(expected);
      expect(expected.filter((line) => line.endsWith(': 200')).length).toBeGreaterThan(0);
      const now = (await get('/api/roles').expect(200)).body as Role[];
      for (const role of roles) expect(now.find((r) => r._id === role._id)?.rolePermissions).toEqual(role.rolePermissions);
    });

    it('the refusal comes from the role as stored now, not the editor\'s session of a moment ago', async () => {
      const editor = await t.createUserWithRole([...ROLE_EDITOR, ...roleNamed('reporting').rolePermissions]);
      const reporting = roleNamed('reporting');
      // The editor's own session is served from the session cache (3 s); the administrator narrows the editor's role.
      await t.http.post('/api/accounts/auth').set('Authorization', editor.authorization).expect(200);
      const editorRole = ((await get('/api/roles').expect(200)).body as Role[]).find((r) => r.roleName === editor.role) as Role;
      await putRoles([{ _id: editorRole._id, rolePermissions: [...ROLE_EDITOR, PERMISSIONS.VIEW_REPORTS] }]).expect(200);
      const res = await t.http.put('/api/roles').set('Authorization', editor.authorization).send([{ _id: reporting._id, rolePermissions: [PERMISSIONS.VIEW_REPORTS] }]).expect(403);
      expect((res.body as ErrorEnvelope).message).toMatch(/^You cannot change the role Reporting \(read-only\): it holds permissions you do not hold yourself \(.*export_reports, get_categories\)/);
    });
  });

  describe('issue 27 item 1: the last role administrator cannot be deactivated, moved to another role, or stripped', () => {
    it('keeps an active user able to change every role, through role changes and user changes', async () => {
      const solo = await createTestApp();
      try {
        const soloAdmin = await solo.signInAsAdmin();
        const soloRoles = (await solo.http.get('/api/roles').set('Authorization', soloAdmin.authorization).expect(200)).body as Role[];
        const adminRole = soloRoles.find((r) => r.roleName === 'admin') as Role;
        // A second administrator, in a role of their own with every permission: the only other one able to change every role.
        const deputy = await solo.createUserWithRole([...ALL_PERMISSIONS]);
        const deputyRole = ((await solo.http.get('/api/roles').set('Authorization', soloAdmin.authorization)).body as Role[]).find((r) => r.roleName === deputy.role) as Role;
        // The deputy takes the administration away from the admin role: allowed, the deputy still administers every role.
        await solo.http.put('/api/roles').set('Authorization', deputy.authorization)
          .send([{ _id: adminRole._id, rolePermissions: adminRole.rolePermissions.filter((p) => p !== PERMISSIONS.UPDATE_ROLES) }]).expect(200);
        // Now the deputy is the last user able to administer roles: their own role cannot lose it...
        const strip = await solo.http.put('/api/roles').set('Authorization', deputy.authorization)
          .send([{ _id: deputyRole._id, rolePermissions: deputyRole.rolePermissions.filter((p) => p !== PERMISSIONS.GET_ROLES) }]).expect(409);
        expect((strip.body as ErrorEnvelope).message).toMatch(/^At least one active user must keep administrator access: this change would leave nobody able to change the roles Administrator, Census Officer, Clinician, Reporting \(read-only\), /);
        // ... nor can the last administrator be deactivated or moved by anyone (the seeded admin may no longer hold update_roles, but holds update_user).
        const deactivate = await solo.http.put(`/api/accounts/${deputy.user._id}`).set('Authorization', soloAdmin.authorization).send({ active: false });
        expect(deactivate.status).toBe(403);
        // The system (no permission rule) meets the same invariant in the database.
        const { AccountsService } = await import('../src/modules/accounts/accounts.service.js');
        const { SYSTEM_ACTOR } = await import('../src/modules/audit/audit.service.js');
        const accounts = solo.app.get(AccountsService);
        await expect(accounts.update(SYSTEM_ACTOR, deputy.user._id, { active: false })).rejects.toMatchObject({ statusCode: 409 });
        await expect(accounts.update(SYSTEM_ACTOR, deputy.user._id, { role: 'clinician' })).rejects.toMatchObject({ statusCode: 409 });
        await solo.http.post('/api/accounts/auth').set('Authorization', deputy.authorization).expect(200);
        // Give the admin role its right back: then the deputy may go.
        await solo.http.put('/api/roles').set('Authorization', deputy.authorization).send([{ _id: adminRole._id, rolePermissions: adminRole.rolePermissions }]).expect(200);
        await solo.http.put(`/api/accounts/${deputy.user._id}`).set('Authorization', soloAdmin.authorization).send({ active: false }).expect(200);
      } finally {
        await solo.close();
      }
    }, 60_000);
  });
});
