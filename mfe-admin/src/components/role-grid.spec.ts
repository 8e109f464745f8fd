import { FEATURES } from '@pnss/libs/permissions';
import { cellLabel, groupFeatures } from './role-grid.js';

describe('the roles grid columns', () => {
  it('groups the features in catalogue order, and puts small neighbouring groups under Other', () => {
    const groups = groupFeatures(FEATURES);
    expect(groups.map((g) => g.group)).toEqual(['Patients and cases', 'Users and roles', 'Submissions', 'Other']);
    expect(groups.flatMap((g) => g.features.map((f) => f.feature))).toEqual(FEATURES.map((f) => f.feature));
    expect(groups.at(-1)?.features.map((f) => f.label)).toEqual([
      'Society hub: view the national figures', 'Society hub: export the national figures (CSV, XLSX; suppressed)',
      'Society hub: see and retry the ingest of packages into the national figures',
      'View reports', 'Export reports (CSV, XLSX)', 'Read reference lists', 'Read the audit log',
    ]);
  });

  it("names a checkbox '<role> – <feature>'", () => {
    expect(cellLabel({ label: 'Clinician' }, { label: 'Close cases' })).toBe('Clinician – Close cases');
  });
});
