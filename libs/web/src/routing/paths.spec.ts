import { adminPaths, casePaths, nationalPaths, reportPaths, submissionPaths } from './paths.js';

describe('hash paths', () => {
  it('builds the case form path of a case, the path every screen opens it by', () => {
    expect(casePaths.caseForm('p1', 'c1')).toBe('/patients/p1/case/c1');
  });

  it('encodes each identifier once, so a caller passes the id as the API gave it', () => {
    expect(casePaths.caseForm('p/1', 'c 1')).toBe('/patients/p%2F1/case/c%201');
    expect(casePaths.patient('a?b')).toBe('/patients/a%3Fb');
    expect(adminPaths.userHistory('u#1')).toBe('/admin/users/u%231/history');
    expect(submissionPaths.censusPackage('s/1')).toBe('/submissions/census/package/s%2F1');
  });

  it('opens the Cases tab on all case types or one', () => {
    expect(submissionPaths.casesOfType(null)).toBe('/submissions/cases');
    expect(submissionPaths.casesOfType('maternalDeath')).toBe('/submissions/cases/maternalDeath');
  });

  it('keeps the report paths of SPEC.md §2: the summary with its trailing slash, the table without', () => {
    expect(reportPaths.report('obreport', 'summary')).toBe('/reports/obreport/summary/');
    expect(reportPaths.report('maternalMortality', 'table')).toBe('/reports/maternalMortality/table');
  });

  it('builds the tabs of Admin and the national census', () => {
    expect(adminPaths.tab('roles')).toBe('/admin/roles');
    expect(nationalPaths.tab('ingest')).toBe('/national/ingest');
  });
});
