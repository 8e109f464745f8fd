// The hash routes the shell and the modules open, built in one place. Every identifier is encoded
// here, once, so a caller passes the raw id (as the API gave it) and never encodes it itself.
// The routes these paths match are declared in each module's src/routes.tsx and remotes.json.

const segment = (value: string): string => encodeURIComponent(value);

/** Cases module (mfe-cases): patients, their cases and the case form. */
export const casePaths = {
  patients: '/patients',
  newPatient: '/newpatient',
  patient: (patientid: string) => `/patients/${segment(patientid)}`,
  patientEdit: (patientid: string) => `/patients/${segment(patientid)}/edit`,
  newCase: (patientid: string) => `/patients/${segment(patientid)}/newcase`,
  /** The case form of one case. */
  caseForm: (patientid: string, caseid: string) => `/patients/${segment(patientid)}/case/${segment(caseid)}`,
  /** A case's History screen (issues 30, 31; beyond SPEC.md), beside its case form. */
  caseHistory: (patientid: string, caseid: string) => `/patients/${segment(patientid)}/case/${segment(caseid)}/history`,
  cases: '/cases',
  newPatientCase: '/newpatientcase',
  caseInfo: (caseid: string) => `/cases/${segment(caseid)}/info`,
  /** The worklists (issue 31; beyond SPEC.md): the first one offered, or one by its id. */
  worklists: '/cases/worklists',
  worklist: (list: string) => `/cases/worklists/${segment(list)}`,
} as const;

/** Submissions module (mfe-submissions): its tabs and the census package overlay. */
export const submissionPaths = {
  cases: '/submissions/cases',
  /** The Cases tab narrowed to one case type (SPEC.md §2), or all of them. */
  casesOfType: (caseType: string | null) => (caseType ? `/submissions/cases/${segment(caseType)}` : '/submissions/cases'),
  census: '/submissions/census',
  censusPackage: (submissionId: string) => `/submissions/census/package/${segment(submissionId)}`,
  quality: '/submissions/quality',
  hub: '/submissions/hub',
} as const;

/** Reports module (mfe-reports): a report (its filter) in one of its two views. */
export const reportPaths = {
  report: (filterBy: string, view: 'summary' | 'table') =>
    view === 'summary' ? `/reports/${segment(filterBy)}/summary/` : `/reports/${segment(filterBy)}/table`,
} as const;

/** Admin module (mfe-admin): users, roles and their forms and histories. */
export const adminPaths = {
  tab: (tab: 'users' | 'roles') => `/admin/${tab}`,
  users: '/admin/users',
  newUser: '/admin/users/new',
  userEdit: (userid: string) => `/admin/users/${segment(userid)}/edit`,
  userHistory: (userid: string) => `/admin/users/${segment(userid)}/history`,
  roles: '/admin/roles',
  rolesEdit: '/admin/roles/edit',
  roleHistory: (roleid: string) => `/admin/roles/${segment(roleid)}/history`,
} as const;

/** National module (mfe-national): one tab of the national census. */
export const nationalPaths = {
  tab: (tab: string) => `/national/${segment(tab)}`,
  figures: '/national/figures',
} as const;

/** The shell's own pages. */
export const shellPaths = {
  login: '/account/login',
} as const;
