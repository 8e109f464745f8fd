import type { ErrorEnvelope, Role } from '@pnss/libs/api';
import { PERMISSIONS as P } from '@pnss/libs/permissions';
import { closableObBody, createCase, createPatient, nextCaseNum, yearsAgo } from './support/patient-cases.js';
import { useTestApp } from './support/use-test-app.js';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PackageBuildJob } from '../src/modules/submissions/package-build.job.js';
import { closedCase, packageOf } from './support/census.js';

/** Issue 13: no input gets a 500, and nobody grants more than they hold. */
describe('hardening: bad input is a 400 in words, oversized a 413, and no one grants beyond their own permissions', () => {
  const { t, admin } = useTestApp();

  const raw = (method: 'post' | 'put', path: string, body: string | Buffer, auth?: string) => {
    const req = t.http[method](path).set('Content-Type', 'application/json');
    if (auth) void req.set('Authorization', auth);
    return req.send(body);
  };

  describe('JSON is bounded at the parser, before sign-in too', () => {
    it('refuses a username nested 10,000 arrays deep with a 400, not a 500', async () => {
      const deep = '['.repeat(10_000) + '"admin"' + ']'.repeat(10_000);
      const res = await raw('post', '/api/accounts/login', `{"username":${deep},"password":"x"}`).expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: 'The request body is nested too deeply (at most 32 levels)' });
      const signedIn = await raw('post', '/api/patients', `{"firstName":${deep}}`, admin.authorization).expect(400);
      expect((signedIn.body as ErrorEnvelope).message).toMatch(/nested too deeply/);
    });

    it('answers 413 in words, never a reset connection, for an oversized body on register, user and case-information updates', async () => {
      const big = JSON.stringify({ firstname: 'x'.repeat(2 * 1024 * 1024) });
      for (const [method, path] of [
        ['post', '/api/accounts/register'],
        ['put', `/api/accounts/${admin.user._id}`],
        ['put', '/api/patientcases/00000000-0000-4000-8000-000000000000'],
      ] as const) {
        const res = await raw(method, path, big, admin.authorization);
        expect([res.status, (res.body as ErrorEnvelope).message]).toEqual([413, 'The request is too large (at most 1024 KB)']);
      }
    });

    it('refuses a null body, a __proto__ key and bytes that are not UTF-8, in words', async () => {
      expect((await raw('post', '/api/patients', 'null', admin.authorization).expect(400)).body.message).toBe(
        'The request body must be a JSON object (or a list where the route takes one)',
      );
      const proto = await raw('post', '/api/patients', '{"__proto__":{"admin":true},"firstName":"Ana"}', admin.authorization).expect(400);
      expect(proto.body).toEqual({
        statusCode: 400,
        message: '__proto__ is not an allowed field name',
        errors: [{ field: '__proto__', message: '__proto__ is not an allowed field name' }],
      });
      const latin1 = Buffer.from([...Buffer.from('{"username":"'), 0xff, ...Buffer.from('","password":"x"}')]);
      // Sent as bytes: superagent would otherwise serialise the Buffer as JSON.
      const res = await t.http.post('/api/accounts/login').set('Content-Type', 'application/json').serialize((body: Buffer) => body as unknown as string).send(latin1);
      expect([res.status, (res.body as ErrorEnvelope).message]).toEqual([400, 'The request body is not valid UTF-8 text']);
    });
  });

  describe('one sanitising step for every body, query and parameter', () => {
    const newPatient = (firstName: string) => ({ firstName, lastName: 'Reyes', birthDate: '1990-05-01' });

    it('refuses NUL bytes with a 400 naming the field: at sign-in, in a search, in a body', async () => {
      const login = await t.http.post('/api/accounts/login').send({ username: 'adm\u0000in', password: 'x' }).expect(400);
      expect((login.body as ErrorEnvelope).errors).toEqual([{ field: 'username', message: 'username must not contain a NUL character' }]);
      const search = await t.http.get('/api/patients?search=%00').set('Authorization', admin.authorization).expect(400);
      expect((search.body as ErrorEnvelope).errors?.[0]?.field).toBe('search');
      const body = await t.http.post('/api/patients').set('Authorization', admin.authorization).send(newPatient('Ana\u0000')).expect(400);
      expect((body.body as ErrorEnvelope).errors?.[0]?.field).toBe('firstName');
    });

    it('refuses a lone surrogate on create and on update instead of storing U+FFFD', async () => {
      const created = await raw('post', '/api/patients', '{"firstName":"\\ud800x","lastName":"Reyes","birthDate":"1990-05-01"}', admin.authorization).expect(400);
      expect((created.body as ErrorEnvelope).errors?.[0]?.message).toBe('firstName contains a broken character (an unpaired surrogate)');
      const patient = await createPatient(t, admin);
      const updated = await raw('put', `/api/patients/${patient._id}`, `{"firstName":"\\udc00","version":${patient.version ?? 1}}`, admin.authorization).expect(400);
      expect((updated.body as ErrorEnvelope).errors?.[0]?.field).toBe('firstName');
    });

    it('refuses control characters other than tab and new line, and names made only of invisible characters', async () => {
      const bell = await t.http.post('/api/patients').set('Authorization', admin.authorization).send(newPatient('Ana\u0007')).expect(400);
      expect((bell.body as ErrorEnvelope).message).toBe('firstName must not contain control characters (only tab and new line are allowed)');
      const invisible = await t.http.post('/api/patients').set('Authorization', admin.authorization).send(newPatient('\u200b\u2060\u200b')).expect(400);
      expect((invisible.body as ErrorEnvelope).message).toBe('firstName must contain visible characters, not only invisible ones');
    });

    it('stores text normalised to NFC, so the same name is found however it was typed', async () => {
      const decomposed = 'Jose\u0301';
      const res = await t.http.post('/api/patients').set('Authorization', admin.authorization).send(newPatient(decomposed)).expect(201);
      expect(res.body.firstName).toBe('Jos\u00e9');
    });
  });

  describe('nobody grants a role, or permissions, beyond what they hold', () => {
    it('a user editor cannot make themselves an administrator, nor change their own role at all', async () => {
      const editor = await t.createUserWithRole([P.ACCESS_ADMIN, P.UPDATE_USER, P.GET_ROLES, P.GET_USER_BY_ID]);
      const toAdmin = await t.http.put(`/api/accounts/${editor.user._id}`).set('Authorization', editor.authorization).send({ role: 'admin' }).expect(403);
      expect((toAdmin.body as ErrorEnvelope).message).toBe('You cannot change your own role');
      const other = await t.createUserWithRole([P.GET_ROLES]);
      const promote = await t.http.put(`/api/accounts/${other.user._id}`).set('Authorization', editor.authorization).send({ role: 'admin' }).expect(403);
      expect((promote.body as ErrorEnvelope).message).toBe('You cannot give a user a role that holds permissions you do not hold yourself');
    });

    it('a user editor cannot reset the password of someone who can do more', async () => {
      const editor = await t.createUserWithRole([P.ACCESS_ADMIN, P.UPDATE_USER]);
      const res = await t.http.put(`/api/accounts/${admin.user._id}`).set('Authorization', editor.authorization).send({ password: 'taken over by the editor 1' }).expect(403);
      expect((res.body as ErrorEnvelope).message).toBe('You cannot change a user whose role holds permissions you do not hold yourself');
      await t.signIn('admin', 'Test chief of staff password 1');
    });

    it('register_users cannot create an administrator, only roles within its own permissions', async () => {
      const registrar = await t.createUserWithRole([P.ACCESS_ADMIN, P.REGISTER_USERS, P.VIEW_REPORTS, P.EXPORT_REPORTS, P.GET_CATEGORIES]);
      const body = (role: string) => ({ firstname: 'New', lastname: 'Person', username: `np${Math.random().toString(36).slice(2, 8)}`, role, password: 'a sufficiently long password' });
      const res = await t.http.post('/api/accounts/register').set('Authorization', registrar.authorization).send(body('admin')).expect(403);
      expect((res.body as ErrorEnvelope).message).toBe('You cannot give a user a role that holds permissions you do not hold yourself');
      await t.http.post('/api/accounts/register').set('Authorization', registrar.authorization).send(body('reporting')).expect(201);
    });

    it('a role editor holding the whole role cannot give it permissions it does not hold, but can take them away', async () => {
      const roleEditor = await t.createUserWithRole([P.ACCESS_ADMIN, P.GET_ROLES, P.UPDATE_ROLES, P.VIEW_REPORTS, P.EXPORT_REPORTS, P.GET_CATEGORIES]);
      const roles = (await t.http.get('/api/roles').set('Authorization', admin.authorization)).body as Role[];
      const reporting = roles.find((r) => r.roleName === 'reporting') as Role;
      const grant = await t.http.put('/api/roles').set('Authorization', roleEditor.authorization)
        .send([{ _id: reporting._id, rolePermissions: [...reporting.rolePermissions, P.UPDATE_USER] }]).expect(403);
      expect((grant.body as ErrorEnvelope).message).toBe(`You cannot give the role Reporting (read-only) permissions you do not hold yourself: ${P.UPDATE_USER}`);
      await t.http.put('/api/roles').set('Authorization', roleEditor.authorization)
        .send([{ _id: reporting._id, rolePermissions: reporting.rolePermissions.filter((p) => p !== P.EXPORT_REPORTS) }]).expect(200);
    });
  });

  describe('write routes answer only what the caller may read', () => {
    it('a save by a role with update_patient_case but not find_patient_case answers only the identifiers and version', async () => {
      const patient = await createPatient(t, admin);
      const c = await createCase(t, admin, patient._id, closableObBody(nextCaseNum()));
      const editor = await t.createUserWithRole([P.UPDATE_PATIENT_CASE]);
      await t.http.get(`/api/patients/${patient._id}/cases/${c._id}`).set('Authorization', editor.authorization).expect(403);
      const saved = await t.http.put(`/api/patients/${patient._id}/cases/${c._id}`).set('Authorization', editor.authorization).send({ version: c.version, room: '12' }).expect(200);
      expect(saved.body).toEqual({ _id: c._id, patientid: patient._id, version: c.version + 1, isClose: false, isArchived: false, submissionId: null });
      // The stale save's 409 leaves the newer form out.
      const stale = await t.http.put(`/api/patients/${patient._id}/cases/${c._id}`).set('Authorization', editor.authorization).send({ version: c.version, room: '13' }).expect(409);
      expect(stale.body.current).toBeUndefined();
      // Whoever may read it still gets the whole form.
      const full = await t.http.put(`/api/patients/${patient._id}/cases/${c._id}`).set('Authorization', admin.authorization).send({ version: c.version, room: '14' }).expect(409);
      expect(full.body.current.room).toBe('12');
    });

    it('a close-only role gets no case form in a 409', async () => {
      const patient = await createPatient(t, admin);
      const c = await createCase(t, admin, patient._id, closableObBody(nextCaseNum()));
      const closer = await t.createUserWithRole([P.CLOSE_PATIENT_CASE]);
      await t.http.put(`/api/patients/${patient._id}/cases/${c._id}`).set('Authorization', admin.authorization).send({ version: c.version, room: '2' }).expect(200);
      const res = await t.http.put(`/api/patients/${patient._id}/cases/${c._id}/close`).set('Authorization', closer.authorization).send({ version: c.version });
      expect(res.status).toBe(409);
      expect(res.body.current).toBeUndefined();
    });

    it('POST /api/patientcases with only create_new_case does not echo the birth date', async () => {
      const patient = await createPatient(t, admin, { birthDate: yearsAgo(31) });
      const creator = await t.createUserWithRole([P.CREATE_NEW_CASE]);
      const res = await t.http.post('/api/patientcases').set('Authorization', creator.authorization)
        .send({ patientid: patient._id, caseNum: nextCaseNum(), firstName: patient.firstName, lastName: patient.lastName, birthDate: patient.birthDate }).expect(201);
      expect(res.body.birthDate).toBeUndefined();
      expect(Object.keys(res.body).sort()).toEqual(['_id', 'caseid', 'patientid', 'version']);
    });
  });

  describe('issue 27 item 6: smaller findings', () => {
    it('refuses a name with a direction override, a zero-width character or a leading BOM, naming the field, and in free text too', async () => {
      for (const [firstName, code] of [['Anna \u202Ezurc', 'U+202E'], ['An\u200Bna', 'U+200B'], ['\uFEFFAnna', 'U+FEFF'], ['Ann\u2066a', 'U+2066']]) {
        const res = await t.http.post('/api/patients').set('Authorization', admin.authorization)
          .send({ firstName, lastName: 'Cruz', birthDate: yearsAgo(30) }).expect(400);
        expect((res.body as ErrorEnvelope).errors).toEqual([
          { field: 'firstName', message: expect.stringContaining(`firstName must not contain invisible direction or zero-width characters (${code} at position `) },
        ]);
      }
      const patient = await createPatient(t, admin);
      const c = await createCase(t, admin, patient._id, closableObBody(nextCaseNum()));
      const res = await t.http.put(`/api/patients/${patient._id}/cases/${c._id}`).set('Authorization', admin.authorization)
        .send({ version: c.version, room: 'Ward \u202E3' }).expect(400);
      expect((res.body as ErrorEnvelope).errors?.[0].field).toBe('room');
      await t.http.post('/api/patients').set('Authorization', admin.authorization).send({ firstName: 'María José', lastName: 'Nguyễn', birthDate: yearsAgo(30) }).expect(201);
    });

    it("newborn gestational ages are whole weeks within the mother's AOG limits; one far from the delivery AOG, or a 3,200 g baby at 1 week, asks for confirmation", async () => {
      const patient = await createPatient(t, admin);
      const path = `/api/patients/${patient._id}/cases`;
      const body = closableObBody(nextCaseNum());
      const withAge = (pediatricAge: number) => ({ ...body, caseNum: nextCaseNum(), deliveryWeeks: 39, neonatal: [{ ...body.neonatal?.[0], pediatricAge, pediatricWeight: 3200 }] });
      for (const age of [0.3, 1.5]) {
        const res = await t.http.post(path).set('Authorization', admin.authorization).send(withAge(age)).expect(400);
        expect((res.body as ErrorEnvelope).errors).toEqual([expect.objectContaining({ field: 'neonatal[0].pediatricAge', message: 'Pediatric AOG (weeks) must be a whole number' })]);
      }
      const asked = await t.http.post(path).set('Authorization', admin.authorization).send(withAge(1)).expect(400);
      expect((asked.body as ErrorEnvelope).errors?.map((e) => e.field)).toEqual(['neonatal[0].pediatricAge', 'neonatal[0].pediatricWeight']);
      await t.http.post(path).set('Authorization', admin.authorization)
        .send({ ...withAge(1), confirmedWarnings: ['neonatal[0].pediatricAge', 'neonatal[0].pediatricWeight'] }).expect(201);
      await t.http.post(path).set('Authorization', admin.authorization).send(withAge(39)).expect(201);
    });

    it('a start-up removes the package ZIPs no package row owns (a build killed at 85%), and keeps the owned ones and any being written', async () => {
      const { form } = await closedCase(t, admin);
      const pkg = await packageOf(t, admin, [form._id as string]);
      const folder = join(t.config.dataDir, 'packages');
      mkdirSync(folder, { recursive: true });
      const hourAgo = new Date(Date.now() - 3_600_000);
      const orphan = join(folder, 'PNSS-DEPT-ORPHAN-v1.zip');
      const part = join(folder, '.PNSS-DEPT-ORPHAN-v2.zip.abcdef.part');
      const fresh = join(folder, 'PNSS-DEPT-BUILDING-v1.zip');
      for (const file of [orphan, part, fresh]) writeFileSync(file, 'PK');
      for (const file of [orphan, part, join(folder, pkg.fileName as string)]) utimesSync(file, hourAgo, hourAgo);
      await t.app.get(PackageBuildJob).onApplicationBootstrap();
      expect([existsSync(orphan), existsSync(part), existsSync(fresh), existsSync(join(folder, pkg.fileName as string))]).toEqual([false, false, true, true]);
    }, 60_000);

    it('one password length limit, from libs: 72 bytes, in the API document and at sign-in, registration and reset', async () => {
      const document = (await t.http.get('/api/docs/openapi.json').expect(200)).body as { components: { schemas: Record<string, { properties: Record<string, { maxLength?: number }> }> } };
      for (const schema of ['LoginDto', 'RegisterUserDto', 'UpdateUserDto']) expect(document.components.schemas[schema].properties.password.maxLength).toBe(72);
      const tooLong = 'é'.repeat(37);
      const login = await t.http.post('/api/accounts/login').send({ username: 'admin', password: tooLong }).expect(400);
      expect((login.body as ErrorEnvelope).errors).toEqual([{ field: 'password', message: 'Password must be at most 72 bytes long' }]);
      await t.http.post('/api/accounts/login').send({ username: 'admin', password: `Test chief of staff password 1${'x'.repeat(60)}` }).expect(400);
      const register = await t.http.post('/api/accounts/register').set('Authorization', admin.authorization)
        .send({ firstname: 'Long', lastname: 'Password', username: 'longpass', role: 'reporting', password: tooLong }).expect(400);
      expect((register.body as ErrorEnvelope).errors).toEqual([{ field: 'password', message: 'Password must be at most 72 bytes long' }]);
    });
  });
});
