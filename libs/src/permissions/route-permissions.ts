import { PERMISSIONS as P, type PermissionName } from './permission-names.js';

/**
 * THE route-to-permission table (issue 9 item 7): who may call each API route, keyed
 * `'METHOD /path'` as the route is declared under /api (Fastify's `:param` syntax). The services'
 * global guard looks every request up here (a route missing from the table is refused), the
 * front end's access flags ask `mayCall`, and services/test/route-matrix.e2e-spec.ts fails when
 * the OpenAPI document lists a route the table does not.
 *
 * `answer` (write routes that echo a record): a caller lacking the read permission gets only the
 * `minimal` fields back, and a 409 without the newer record (`current`) - an answer carries only
 * what the caller may read.
 */
export type RouteAccess =
  /** No token; `credential` names what stands in for one, when something does. */
  | { kind: 'public'; credential?: PublicCredential }
  | { kind: 'authenticated' }
  | {
      kind: 'permissions';
      /** 'all': every permission is needed; 'any': one of them is enough. */
      mode: 'all' | 'any';
      permissions: readonly PermissionName[];
      answer?: AnswerScope;
      /** The route answers patient data: every answer it gives is audited (who, which records, never the data). */
      audit?: PatientReadAudit;
    };

/**
 * How a read of patient data (names, birth dates, clinical records) is audited (issue 27 item 5:
 * every route that answers patient data is audited, as this table states; a test walks the API's
 * answers and fails on a route that answers patient fields without it).
 */
export interface PatientReadAudit {
  /** Reads are entities of their own, so a record's history of changes never fills with who looked at it. */
  entity: 'patient_read' | 'case_read';
  /** A list: its row names the records it answered and the filters used. */
  list: boolean;
  /** The path parameter that names the record (or the package) read. */
  idParam?: string;
}

/** The credential of a route that takes no token: a password, the hub's department API key, a single-use ticket. */
export type PublicCredential = 'password' | 'hubKey' | 'ticket';

export interface AnswerScope {
  /** Holding any one of these lets the caller read the whole answer. */
  readableWith: readonly PermissionName[];
  /** What a caller without them gets back: identifiers and state, never patient data. */
  minimal: readonly string[];
}

const PUBLIC = { kind: 'public' } as const satisfies RouteAccess;
const publicWith = (credential: PublicCredential): RouteAccess => ({ kind: 'public', credential });
const SIGNED_IN = { kind: 'authenticated' } as const satisfies RouteAccess;
const all = (first: PermissionName, ...rest: PermissionName[]): RouteAccess => ({ kind: 'permissions', mode: 'all', permissions: [first, ...rest] });
const any = (first: PermissionName, ...rest: PermissionName[]): RouteAccess => ({ kind: 'permissions', mode: 'any', permissions: [first, ...rest] });
const answering = (access: RouteAccess, answer: AnswerScope): RouteAccess =>
  access.kind === 'permissions' ? { ...access, answer } : access;
const auditedRead = (access: RouteAccess, audit: PatientReadAudit): RouteAccess =>
  access.kind === 'permissions' ? { ...access, audit } : access;
const PATIENT_LIST: PatientReadAudit = { entity: 'patient_read', list: true };
const CASE_LIST: PatientReadAudit = { entity: 'case_read', list: true };

const CASE_ANSWER: AnswerScope = {
  readableWith: [P.FIND_PATIENT_CASE],
  minimal: ['_id', 'caseid', 'patientid', 'version', 'isClose', 'isArchived', 'submissionId', 'message'],
};
const PATIENT_ANSWER: AnswerScope = { readableWith: [P.FIND_PATIENT], minimal: ['_id', 'version', 'message'] };
const USER_ANSWER: AnswerScope = { readableWith: [P.GET_USER_BY_ID, P.GET_ALL_USERS], minimal: ['_id', 'username', 'role', 'active'] };

export const ROUTE_PERMISSIONS = {
  // Platform
  'GET /checkupdate': PUBLIC,
  'GET /health': PUBLIC,

  // Accounts (the user routes also need the admin page's permission, as the admin flags do)
  'POST /accounts/login': publicWith('password'),
  'POST /accounts/auth': SIGNED_IN,
  'POST /accounts/logout': SIGNED_IN,
  'POST /accounts/register': answering(all(P.ACCESS_ADMIN, P.REGISTER_USERS), USER_ANSWER),
  'GET /accounts': all(P.ACCESS_ADMIN, P.GET_ALL_USERS),
  'GET /accounts/:userid': all(P.ACCESS_ADMIN, P.GET_USER_BY_ID),
  'PUT /accounts/:userid': answering(all(P.ACCESS_ADMIN, P.UPDATE_USER), USER_ANSWER),
  'GET /accounts/:userid/history': all(P.VIEW_AUDIT),

  // Roles
  'GET /roles/names': any(P.GET_ROLES, P.REGISTER_USERS, P.UPDATE_USER),
  'GET /roles/features': all(P.ACCESS_ADMIN, P.GET_ROLES),
  'GET /roles': all(P.ACCESS_ADMIN, P.GET_ROLES),
  'PUT /roles': all(P.ACCESS_ADMIN, P.UPDATE_ROLES),
  'GET /roles/:roleid/history': all(P.VIEW_AUDIT),

  // Audit and reference lists
  'GET /audit': all(P.VIEW_AUDIT),
  'GET /categories': all(P.GET_CATEGORIES),
  'GET /categories/:category': all(P.GET_CATEGORIES),

  // Patients
  'GET /patients': auditedRead(all(P.GET_PATIENTS), PATIENT_LIST),
  'GET /patients/all/count': all(P.GET_PATIENTS),
  'GET /patients/admitted/count': all(P.GET_PATIENTS),
  'GET /patients/opencase/count': all(P.GET_PATIENTS),
  'GET /patients/allcases/count': all(P.GET_PATIENTS),
  'GET /patients/duplicates': auditedRead(all(P.GET_PATIENTS), PATIENT_LIST),
  'GET /patients/:patientid': auditedRead(all(P.FIND_PATIENT), { entity: 'patient_read', list: false, idParam: 'patientid' }),
  'POST /patients': answering(all(P.SAVE_PATIENT), PATIENT_ANSWER),
  'PUT /patients/:patientid': answering(all(P.UPDATE_PATIENT), PATIENT_ANSWER),

  // Cases of one patient, and their lifecycle
  'GET /patients/:patientid/cases': auditedRead(all(P.GET_ALL_CASE), { entity: 'patient_read', list: true, idParam: 'patientid' }),
  'POST /patients/:patientid/cases': answering(all(P.CREATE_NEW_CASE), CASE_ANSWER),
  'GET /patients/:patientid/cases/:caseid': auditedRead(all(P.FIND_PATIENT_CASE), { entity: 'case_read', list: false, idParam: 'caseid' }),
  'PUT /patients/:patientid/cases/:caseid': answering(all(P.UPDATE_PATIENT_CASE), CASE_ANSWER),
  'PUT /patients/:patientid/cases/:caseid/close': answering(all(P.CLOSE_PATIENT_CASE), CASE_ANSWER),
  'PUT /patients/:patientid/cases/:caseid/reopen': answering(all(P.REOPEN_PATIENT_CASE), CASE_ANSWER),
  'PUT /patients/:patientid/cases/:caseid/archive': answering(all(P.ARCHIVE_PATIENT_CASE), CASE_ANSWER),
  'PUT /patients/:patientid/cases/:caseid/unarchive': answering(all(P.ARCHIVE_PATIENT_CASE), CASE_ANSWER),
  'PUT /patients/:patientid/cases/:caseid/amend': answering(all(P.AMEND_SUBMITTED_CASE), CASE_ANSWER),
  'PUT /patients/:patientid/cases/:caseid/withdraw': answering(all(P.AMEND_SUBMITTED_CASE), CASE_ANSWER),
  'GET /patients/:patientid/cases/:caseid/history': auditedRead(all(P.FIND_PATIENT_CASE), { entity: 'case_read', list: false, idParam: 'caseid' }),

  // The cases list and case information
  'GET /patientcases': auditedRead(all(P.GET_ALL_CASE), CASE_LIST),
  'GET /patientcases/:caseid': auditedRead(all(P.FIND_PATIENT_CASE), { entity: 'case_read', list: false, idParam: 'caseid' }),
  'POST /patientcases': answering(all(P.CREATE_NEW_CASE), CASE_ANSWER),
  'PUT /patientcases/:caseid': answering(all(P.UPDATE_PATIENT_CASE), CASE_ANSWER),
  // Worklists (issue 31): the cases waiting for the caller, each a filter of the cases list; a list
  // needing more (WORKLISTS' `requires`: approve_cases for 'ready-to-approve') is refused by the service
  'GET /worklists': all(P.GET_ALL_CASE),
  'GET /worklists/:list': auditedRead(all(P.GET_ALL_CASE), CASE_LIST),

  // Submissions (census packages)
  'GET /submissions/cases/closed': auditedRead(all(P.GET_CLOSED_CASES), CASE_LIST),
  'GET /submissions/cases/packaged/:submissionid': auditedRead(all(P.GET_PACKAGES), { entity: 'case_read', list: true, idParam: 'submissionid' }),
  'PUT /submissions/cases/approval': all(P.APPROVE_CASES),
  'POST /submissions/cases/create': all(P.CREATE_PACKAGE),
  'GET /submissions/census/packages': all(P.GET_PACKAGES),
  'GET /submissions/census/packages/search': all(P.GET_PACKAGES),
  'GET /submissions/census/packages/:submissionid': all(P.GET_PACKAGES),
  'POST /submissions/census/packages/rebuild': all(P.REBUILD_PACKAGE),
  'POST /submissions/census/packages/submit': all(P.SUBMIT_PACKAGE),
  'POST /submissions/download/:id': all(P.DOWNLOAD_PACKAGE),
  'GET /submissions/download/:id': publicWith('ticket'),
  'GET /submissions/:casetype': auditedRead(all(P.GET_CLOSED_CASES), CASE_LIST),

  // Data quality (issue 31): the view names the cases behind each rule; queries on a field of a case
  'GET /quality/summary': auditedRead(all(P.GET_CLOSED_CASES), CASE_LIST),
  'GET /quality/cases': auditedRead(all(P.GET_CLOSED_CASES), CASE_LIST),
  'GET /queries/case/:caseid': auditedRead(all(P.FIND_PATIENT_CASE), { entity: 'case_read', list: false, idParam: 'caseid' }),
  'GET /queries/worklist': auditedRead(all(P.FIND_PATIENT_CASE), CASE_LIST),
  'POST /queries': all(P.FIND_PATIENT_CASE, P.RAISE_QUERY),
  'POST /queries/:queryid/answer': all(P.FIND_PATIENT_CASE, P.UPDATE_PATIENT_CASE),
  'POST /queries/:queryid/reply': all(P.FIND_PATIENT_CASE, P.RAISE_QUERY),
  'POST /queries/:queryid/close': all(P.FIND_PATIENT_CASE, P.RAISE_QUERY),

  // The society's hub
  'POST /hub/packages': publicWith('hubKey'),
  'GET /hub/packages': all(P.VIEW_HUB_PACKAGES),
  // The file as received; the hub service audits each download (a ZIP answer passes no JSON read hook).
  'GET /hub/packages/:packageid/file': all(P.VIEW_HUB_PACKAGES),
  'GET /hub/keys': all(P.MANAGE_HUB_KEYS),
  'POST /hub/keys': all(P.MANAGE_HUB_KEYS),
  'POST /hub/keys/:keyid/revoke': all(P.MANAGE_HUB_KEYS),
  // Where a department stands nationally: aggregates only, suppressed; its API key is the credential
  'GET /hub/standing': publicWith('hubKey'),

  // The national census at the hub (HUB_ENABLED; issue 29): aggregates of the national facts, no patient data
  'GET /national/figures': all(P.VIEW_NATIONAL),
  'GET /national/funnel': all(P.VIEW_NATIONAL),
  'GET /national/completeness': all(P.VIEW_NATIONAL),
  'GET /national/departments': all(P.VIEW_NATIONAL),
  'GET /national/export/:table': all(P.VIEW_NATIONAL, P.EXPORT_NATIONAL),
  'GET /national/ingest': all(P.MANAGE_NATIONAL_INGEST),
  'POST /national/ingest/:packageid/retry': all(P.MANAGE_NATIONAL_INGEST),

  // Reports
  'GET /categories/reports': all(P.VIEW_REPORTS),
  'GET /categories/MotherCondition': all(P.VIEW_REPORTS),
  'GET /categories/csindication': all(P.VIEW_REPORTS),
  'GET /categories/deliverymanner': all(P.VIEW_REPORTS),
  'GET /categories/AOG': all(P.VIEW_REPORTS),
  'GET /categories/PregnancyType': all(P.VIEW_REPORTS),
  'GET /reports/summary/:view': all(P.VIEW_REPORTS),
  'POST /reports/table': all(P.VIEW_REPORTS),
  'GET /reports/export/table': all(P.VIEW_REPORTS, P.EXPORT_REPORTS),
  'GET /reports/export/summary/:view': all(P.VIEW_REPORTS, P.EXPORT_REPORTS),
  'GET /reports/robson': all(P.VIEW_REPORTS),
  'GET /reports/export/robson': all(P.VIEW_REPORTS, P.EXPORT_REPORTS),
  // The department's standing beside the national figures, fetched from the hub (issue 29)
  'GET /reports/national': all(P.VIEW_REPORTS),
} as const satisfies Record<string, RouteAccess>;

export type RouteKey = keyof typeof ROUTE_PERMISSIONS;

/**
 * The routes that answer patient data, by path as the table writes it ('/patients/:patientid'), with
 * how each read is audited: the table's GET routes that carry `audit`.
 */
export const PATIENT_DATA_READ_ROUTES: Readonly<Record<string, PatientReadAudit>> = Object.fromEntries(
  Object.entries(ROUTE_PERMISSIONS as Record<string, RouteAccess>).flatMap(([key, access]) =>
    key.startsWith('GET ') && access.kind === 'permissions' && access.audit ? [[key.slice('GET '.length), access.audit]] : [],
  ),
);

/** The access rule of `'METHOD /path'` (HEAD reads as GET), or undefined for a route the table lacks. */
export function routeAccess(key: string): RouteAccess | undefined {
  const [method = '', path = ''] = key.split(' ', 2);
  const normalized = `${method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()} ${path}`;
  return Object.prototype.hasOwnProperty.call(ROUTE_PERMISSIONS, normalized)
    ? (ROUTE_PERMISSIONS as Record<string, RouteAccess>)[normalized]
    : undefined;
}

/** True when a role holding `held` passes the rule (public and signed-in routes pass for any signed-in user). */
export function allows(access: RouteAccess, held: readonly string[] | null | undefined): boolean {
  if (access.kind !== 'permissions') return true;
  if (!held) return false;
  return access.mode === 'all' ? access.permissions.every((p) => held.includes(p)) : access.permissions.some((p) => held.includes(p));
}

/** May a signed-in user holding `held` call the route? What the front end's access flags ask. */
export function mayCall(held: readonly string[] | null | undefined, route: RouteKey): boolean {
  return allows(ROUTE_PERMISSIONS[route], held);
}

/** True when the caller may read the whole answer of the route (see AnswerScope). */
export function mayReadAnswer(access: RouteAccess, held: readonly string[]): boolean {
  if (access.kind !== 'permissions' || !access.answer) return true;
  return access.answer.readableWith.some((p) => held.includes(p));
}
