import { accessFlags } from './access-flags.js';
import { ALL_PERMISSIONS, PERMISSIONS as P } from './permission-names.js';
import { PATIENT_DATA_READ_ROUTES, ROUTE_PERMISSIONS, allows, mayCall, mayReadAnswer, routeAccess } from './route-permissions.js';

describe('the one route-to-permission table', () => {
  it('audits every read of patient data it marks, by path, and no count, no write, no route it does not mark', () => {
    expect(PATIENT_DATA_READ_ROUTES['/patients/:patientid']).toEqual({ entity: 'patient_read', list: false, idParam: 'patientid' });
    expect(PATIENT_DATA_READ_ROUTES['/patients']).toEqual({ entity: 'patient_read', list: true });
    expect(PATIENT_DATA_READ_ROUTES['/patients/:patientid/cases/:caseid']).toMatchObject({ entity: 'case_read', idParam: 'caseid' });
    expect(PATIENT_DATA_READ_ROUTES['/patients/all/count']).toBeUndefined();
    const marked = Object.entries(ROUTE_PERMISSIONS).filter(([key, access]) => key.startsWith('GET ') && 'audit' in access && access.audit);
    expect(Object.keys(PATIENT_DATA_READ_ROUTES).sort()).toEqual(marked.map(([key]) => key.slice('GET '.length)).sort());
  });

  it('names only known permissions', () => {
    for (const access of Object.values(ROUTE_PERMISSIONS)) {
      if (access.kind !== 'permissions') continue;
      for (const p of access.permissions) expect(ALL_PERMISSIONS).toContain(p);
    }
  });

  it('looks routes up by method and path, HEAD as GET, and knows nothing of unlisted routes', () => {
    expect(routeAccess('GET /patients/:patientid')).toEqual({
      kind: 'permissions', mode: 'all', permissions: [P.FIND_PATIENT], audit: { entity: 'patient_read', list: false, idParam: 'patientid' },
    });
    expect(routeAccess('HEAD /health')).toEqual({ kind: 'public' });
    expect(routeAccess('DELETE /patients/:patientid')).toBeUndefined();
    expect(routeAccess('GET /toString')).toBeUndefined();
  });

  it("'all' needs every permission, 'any' one of them", () => {
    expect(mayCall([P.GET_ALL_USERS], 'GET /accounts')).toBe(false);
    expect(mayCall([P.ACCESS_ADMIN, P.GET_ALL_USERS], 'GET /accounts')).toBe(true);
    expect(mayCall([P.UPDATE_USER], 'GET /roles/names')).toBe(true);
    expect(mayCall(null, 'POST /accounts/auth')).toBe(true);
    expect(allows(ROUTE_PERMISSIONS['GET /audit'], undefined)).toBe(false);
  });

  it('the access flags say what the routes allow', () => {
    const clinician = [P.GET_PATIENTS, P.FIND_PATIENT, P.UPDATE_PATIENT_CASE];
    const flags = accessFlags(clinician);
    expect(flags.canListPatients).toBe(mayCall(clinician, 'GET /patients'));
    expect(flags.canEditCase).toBe(true);
    expect(flags.canViewCase).toBe(false);
    expect(accessFlags([P.UPDATE_USER]).canUpdateUsers).toBe(false);
  });

  it('a write answer is readable with the read permission only', () => {
    const save = ROUTE_PERMISSIONS['PUT /patients/:patientid/cases/:caseid'];
    expect(mayReadAnswer(save, [P.UPDATE_PATIENT_CASE])).toBe(false);
    expect(mayReadAnswer(save, [P.UPDATE_PATIENT_CASE, P.FIND_PATIENT_CASE])).toBe(true);
    expect(mayReadAnswer(ROUTE_PERMISSIONS['GET /patients'], [])).toBe(true);
  });
});
