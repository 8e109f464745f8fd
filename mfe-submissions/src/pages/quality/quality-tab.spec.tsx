import { screen, waitFor, within } from '@testing-library/react';
import type { CaseQualityList, QualitySummary } from '@pnss/libs/api';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { QUALITY_DENOMINATORS } from '@pnss/libs/quality';
import { openQueryRefusal } from '@pnss/libs/submissions';
import { bodyOf, closedCase, renderSubmissions } from '../submissions/render-submissions.test-helpers.js';
import { qualityCsv } from './quality-csv.js';

const P = PERMISSIONS;
const OFFICER = [P.GET_CLOSED_CASES, P.APPROVE_CASES, P.GET_PACKAGES, P.RAISE_QUERY];

jest.setTimeout(90_000);

const SUMMARY: QualitySummary = {
  from: '2025-11-26', to: '2026-11-25', cases: 40, score: 87.5,
  rules: [
    { rule: 'close-rules', title: 'Fails the close-case rules', severity: 'error', cases: 0, caseList: [] },
    { rule: 'birth-weight-for-age', title: 'Birth weight far from the gestational age', severity: 'warning', cases: 3, caseList: [{ _id: 'c9', caseNum: 'PCRN-009', patientid: 'p9' }] },
  ],
  sections: [{ field: null, label: 'Delivery', section: 'Delivery', asked: 200, answered: 150, share: 0.75 }],
  fields: [{ field: 'incision', label: 'CS Incision', section: 'Delivery', asked: 10, answered: 9, share: 0.9 }],
};

describe('data quality in Submissions (issue 31)', () => {
  it('shows the department score, the cases per rule with the cases behind each, and completeness by section and field', async () => {
    renderSubmissions('/submissions/quality', OFFICER, { 'GET /api/quality/summary': { body: SUMMARY } });
    expect((await screen.findByText('Department score')).closest('.ant-statistic')).toHaveTextContent('87.5/ 100');
    const chart = screen.getByRole('figure', { name: 'Cases per rule' });
    expect(within(chart).getByText('Birth weight far from the gestational age')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'PCRN-009' });
    expect(link).toHaveAttribute('href', '/patients/p9/case/c9');
    expect(screen.getByText('and 2 more')).toBeInTheDocument();
    expect(screen.getAllByText('75%').length).toBeGreaterThan(0);
    expect(screen.getByText('CS Incision')).toBeInTheDocument();
  });

  it('quotes under each figure its denominator in the words of libs, the range filled in', async () => {
    renderSubmissions('/submissions/quality', OFFICER, { 'GET /api/quality/summary': { body: SUMMARY } });
    await screen.findByText('Department score');
    expect(screen.getByText(QUALITY_DENOMINATORS.cases.replace('FROM', '2025-11-26').replace('TO', '2026-11-25'))).toBeInTheDocument();
    for (const figure of ['score', 'rules', 'sections', 'fields'] as const) expect(screen.getByText(QUALITY_DENOMINATORS[figure])).toBeInTheDocument();
    expect(screen.getByText(/no second-twin question of a singleton birth/)).toBeInTheDocument();
  });

  it('exports the view as CSV, a cell a spreadsheet would run written as text', () => {
    const csv = qualityCsv({ ...SUMMARY, rules: [{ ...SUMMARY.rules[1], caseList: [{ _id: 'x', caseNum: '=HYPERLINK(1)', patientid: 'p' }] }] });
    expect(csv).toContain('Department score,87.5');
    expect(csv).toContain("Birth weight far from the gestational age,warning,3,'=HYPERLINK(1)");
    expect(csv).toContain('Delivery,CS Incision,10,9,90');
    expect(csv).toContain('What each figure counts');
    expect(csv).toContain('between 2025-11-26 and 2026-11-25');
  });

  it("shows each case's warnings and open queries beside Approve, and asks before approving a case with warnings", async () => {
    const quality: CaseQualityList = {
      result: [
        { _id: 'c1', score: 80, errors: [], warnings: [{ rule: 'birth-weight-for-age', field: 'neonatal[0].pediatricWeight', label: 'Infant 1: Birth Weight (g)', section: 'Delivery', message: 'far' }], openQueryFields: [] },
        { _id: 'c2', score: 95, errors: [], warnings: [], openQueryFields: ['weight'] },
      ],
    };
    const { server, user } = renderSubmissions('/submissions/cases', OFFICER, {
      'GET /api/submissions/cases/closed': { body: { result: [closedCase(), closedCase({ _id: 'c2', caseNum: 'PCRN-002' })], count: 2, offset: 0 } },
      'GET /api/quality/cases': { body: quality },
      'PUT /api/submissions/cases/approval': (request) => ({ body: request.clone().json() }),
    });
    const table = await screen.findByRole('table');
    const first = (await within(table).findByText('PCRN-001')).closest('tr') as HTMLElement;
    expect(await within(first).findByText('1 warning')).toBeInTheDocument();
    const second = within(table).getByText('PCRN-002').closest('tr') as HTMLElement;
    expect(within(second).getByText('Open query: not approvable')).toBeInTheDocument();

    // The approval rule of libs: the open query is refused here, in the words the server uses, and nothing is sent.
    await user.click(within(second).getByRole('checkbox', { name: 'Approve case PCRN-002' }));
    expect(await screen.findByText(`Case PCRN-002 ${openQueryRefusal(['weight'])}`)).toBeInTheDocument();
    expect(server.calls()).not.toContain('PUT /api/submissions/cases/approval');

    await user.click(within(first).getByRole('checkbox', { name: 'Approve case PCRN-001' }));
    expect((await screen.findAllByText('This case has data-quality warnings')).length).toBeGreaterThan(0);
    expect(within(screen.getByRole('list', { name: 'Warnings to confirm' })).getByText('Case PCRN-001: Birth weight far from the gestational age')).toBeInTheDocument();
    expect(screen.getByText('Approve anyway? Your confirmation is recorded with the approval.')).toBeInTheDocument();
    expect(server.calls()).not.toContain('PUT /api/submissions/cases/approval');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(async () => expect(await bodyOf(server, 'PUT /api/submissions/cases/approval')).toEqual({ caseIds: ['c1'], approved: true, warningsConfirmed: true }));
  });

  it('approves a case without warnings at once, with no confirmation asked or sent', async () => {
    const { server, user } = renderSubmissions('/submissions/cases', OFFICER, {
      'GET /api/submissions/cases/closed': { body: { result: [closedCase()], count: 1, offset: 0 } },
      'GET /api/quality/cases': { body: { result: [{ _id: 'c1', score: 100, errors: [], warnings: [], openQueryFields: [] }] } satisfies CaseQualityList },
      'PUT /api/submissions/cases/approval': (request) => ({ body: request.clone().json() }),
    });
    const row = (await screen.findByText('PCRN-001')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('No warnings')).toBeInTheDocument();
    await user.click(within(row).getByRole('checkbox', { name: 'Approve case PCRN-001' }));
    await waitFor(async () => expect(await bodyOf(server, 'PUT /api/submissions/cases/approval')).toEqual({ caseIds: ['c1'], approved: true }));
    expect(screen.queryByText('This case has data-quality warnings')).not.toBeInTheDocument();
  });
});
