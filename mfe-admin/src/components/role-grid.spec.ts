import { FEATURES, PERMISSIONS } from '@pnss/libs/permissions';
import { cellLabel, groupFeatures } from './role-grid.js';

describe('the roles grid columns', () => {
  it('groups the features in catalogue order, and puts small neighbouring groups under Other', () => {
    const groups = groupFeatures(FEATURES);
    expect(groups.map((g) => g.group)).toEqual(['Patients and cases', 'Users and roles', 'Submissions', 'National census', 'Other']);
    expect(groups.flatMap((g) => g.features.map((f) => f.feature))).toEqual(FEATURES.map((f) => f.feature));
    expect(groups.at(-1)?.features.map((f) => f.label)).toEqual(['View reports', 'Export reports (CSV, XLSX)', 'Read reference lists', 'Read the audit log']);
  });

  it("puts every society hub feature under 'National census' (received packages and department keys too), not under a department's Submissions or 'Other'", () => {
    const groups = groupFeatures(FEATURES);
    const national = groups.find((g) => g.group === 'National census');
    expect(national?.features.map((f) => f.feature)).toEqual([
      PERMISSIONS.VIEW_HUB_PACKAGES, PERMISSIONS.MANAGE_HUB_KEYS,
      PERMISSIONS.VIEW_NATIONAL, PERMISSIONS.EXPORT_NATIONAL, PERMISSIONS.MANAGE_NATIONAL_INGEST,
    ]);
    const submissions = groups.find((g) => g.group === 'Submissions');
    expect(submissions?.features.every((f) => !f.label.startsWith('Society hub'))).toBe(true);
  });

  it("names a checkbox '<role> – <feature>'", () => {
    expect(cellLabel({ label: 'Clinician' }, { label: 'Close cases' })).toBe('Clinician – Close cases');
  });
});
