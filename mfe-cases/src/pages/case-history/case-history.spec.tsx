import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { AuditEntryView } from '@pnss/libs/api';
import { axeViolations, mockApi } from '@pnss/web/testing';
import { aCase, aPatient, changeAddress, currentPath, page, renderModuleAt } from '../../testing/render-module.js';
import { caseCard, servePatientPreview } from '../../testing/patient-preview.js';
import { HISTORY_TIME_FORMAT } from './history-entry.js';

// Issues 30 and 31: a case's History screen, each row's when, who, what in words, the reason or the
// message, and the fields changed; rendered with the real antd controls, only fetch stubbed.
jest.setTimeout(90_000);

let sequence = 0;
function anEntry(overrides: Partial<AuditEntryView>): AuditEntryView {
  sequence += 1;
  return {
    _id: String(sequence), at: '2026-11-20T08:00:00.000Z', actorId: 'u1', actorUsername: 'rlim', entity: 'case', entityId: 'c1',
    action: 'update', changes: [], ip: null, ...overrides,
  };
}

const REASON = 'weight on admission was entered in pounds';
const caseA = aCase({ _id: 'c1', patientid: 'p1', caseNum: 'HIST-A', isClose: true, submissionId: 'S20261120-ABCDEF' });
const caseB = aCase({ _id: 'c2', patientid: 'p2', caseNum: 'HIST-B' });

const historyA = [
  anEntry({ action: 'create', at: '2026-11-20T08:00:00.000Z', changes: [{ field: 'caseNum', old: null, new: 'HIST-A' }] }),
  anEntry({ action: 'update', at: '2026-11-20T09:15:00.000Z', changes: [{ field: 'deliveryManner', old: 2, new: 1 }, { field: 'room', old: null, new: 'Ward 3' }] }),
  anEntry({ action: 'query_raise', at: '2026-11-20T10:00:00.000Z', actorUsername: 'officer', changes: [{ field: 'query:neonatal[0].pediatricWeight', old: null, new: 'Is 9000 g right?' }] }),
  anEntry({
    action: 'amend', at: '2026-11-21T08:30:00.000Z', actorUsername: 'officer',
    changes: [{ field: 'status', old: 'Submitted', new: 'Amending' }, { field: 'reason', old: null, new: REASON }, { field: 'isClose', old: true, new: false }],
  }),
  anEntry({ entity: 'package', entityId: 'S20261120-ABCDEF', action: 'build', at: '2026-11-21T09:00:00.000Z', changes: [{ field: 'version', old: 1, new: 2 }] }),
  anEntry({ entity: 'package', entityId: 'S20261120-ABCDEF', action: 'resubmit', at: '2026-11-21T09:30:00.000Z', changes: [{ field: 'version', old: null, new: 2 }] }),
  anEntry({
    entity: 'package', entityId: 'S20261120-ABCDEF', action: 'sent', at: '2026-11-21T09:31:00.000Z',
    changes: [{ field: 'uploadId', old: 'U-1', new: 'U-2' }, { field: 'version', old: null, new: 2 }],
  }),
  anEntry({
    action: 'withdraw', at: '2026-11-22T08:00:00.000Z', actorUsername: 'officer',
    changes: [{ field: 'status', old: 'Submitted', new: 'Closed' }, { field: 'reason', old: null, new: 'duplicate of another case' }],
  }),
];
const historyB = [anEntry({ entityId: 'c2', action: 'create', changes: [{ field: 'caseNum', old: null, new: 'HIST-B' }] })];

const later = <T,>(value: T, ms = 150) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

function serveHistory(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/patients/p1/cases/c1': { body: caseA },
    'GET /api/patients/p1/cases/c1/history': page(historyA),
    'GET /api/patients/p2/cases/c2': async () => later({ body: caseB }),
    'GET /api/patients/p2/cases/c2/history': async () => later(page(historyB)),
    ...extra,
  });
}

const entry = (title: string) => screen.findByRole('article', { name: title });

describe("a case's History screen (issues 30 and 31)", () => {
  it('lists what happened in order: when, who, what in words, the reason or message, and each changed field before and after', async () => {
    serveHistory();
    renderModuleAt('/patients/p1/case/c1/history');
    expect(await screen.findByRole('heading', { name: 'History of Case # HIST-A', level: 2 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'History of case # HIST-A' });
    expect(within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Created',
      'Saved',
      'Query on Infant 1: Birth Weight (g) raised',
      'Reopened for amendment',
      'Rebuilt into version 2 of census package S20261120-ABCDEF',
      'Resubmitted to the society in census package S20261120-ABCDEF, version 2',
      'Accepted by the society: census package S20261120-ABCDEF, version 2, upload U-2',
      'Withdrawn from its package',
    ]);

    const saved = await entry('Saved');
    expect(within(saved).getByText(dayjs('2026-11-20T09:15:00.000Z').format(HISTORY_TIME_FORMAT))).toHaveAttribute('datetime', '2026-11-20T09:15:00.000Z');
    expect(within(saved).getByText('by rlim')).toBeInTheDocument();
    const table = within(saved).getByRole('table', { name: 'Fields changed: Saved' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Manner of Delivery', 'Spontaneous Cephalic Delivery', 'Caesarean Section'],
      ['Room', '(empty)', 'Ward 3'],
    ]);

    const amend = await entry('Reopened for amendment');
    expect(within(amend).getByText(REASON)).toBeInTheDocument();
    expect(within(amend).getByText('by officer')).toBeInTheDocument();
    expect(within(within(amend).getByRole('table')).getByRole('rowheader', { name: 'Status' }).parentElement).toHaveTextContent('StatusSubmittedAmending');

    const query = await entry('Query on Infant 1: Birth Weight (g) raised');
    expect(within(query).getByText('Is 9000 g right?')).toBeInTheDocument();
    expect(within(query).queryByRole('table')).not.toBeInTheDocument();
    expect(within(await entry('Withdrawn from its package')).getByText('duplicate of another case')).toBeInTheDocument();
    expect(screen.getByText('8 entries, oldest first')).toBeInTheDocument();
  });

  it('moving from case A\'s history to case B\'s without a reload shows B\'s, and none of A\'s rows, even while B\'s answer is on its way', async () => {
    serveHistory();
    renderModuleAt('/patients/p1/case/c1/history');
    await entry('Reopened for amendment');

    changeAddress('/patients/p2/case/c2/history');

    expect(screen.queryByRole('heading', { name: 'History of Case # HIST-A' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Reopened for amendment' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'History of Case # HIST-B', level: 2 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'History of case # HIST-B' });
    expect(within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Created']);
    expect(screen.queryByText(REASON)).not.toBeInTheDocument();
    expect(screen.queryByText('HIST-A')).not.toBeInTheDocument();
  });

  it('shows a loading state, then says so when nothing has been recorded', async () => {
    mockApi({
      'GET /api/patients/p1/cases/c1': { body: caseA },
      'GET /api/patients/p1/cases/c1/history': async () => later(page([]), 300),
    });
    renderModuleAt('/patients/p1/case/c1/history');
    expect(await screen.findByRole('status', { name: 'Loading history entries' })).toBeInTheDocument();
    expect(await screen.findByText('Nothing has been recorded for this case yet.')).toBeInTheDocument();
  });

  it("says the server's words when the history cannot be read, and Retry reads it again", async () => {
    let fail = true;
    mockApi({
      'GET /api/patients/p1/cases/c1': { body: caseA },
      'GET /api/patients/p1/cases/c1/history': () => (fail ? { status: 503, body: { statusCode: 503, message: 'The database is not answering' } } : page(historyA)),
    });
    const { user } = renderModuleAt('/patients/p1/case/c1/history');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The history entries could not be loaded.');
    expect(alert).toHaveTextContent('The database is not answering');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await entry('Reopened for amendment')).toBeInTheDocument();
  });

  it('says the case was not found for a case that is not this patient\'s', async () => {
    mockApi({
      'GET /api/patients/p1/cases/c9': { status: 404, body: { statusCode: 404, message: 'Case not found' } },
      'GET /api/patients/p1/cases/c9/history': { status: 404, body: { statusCode: 404, message: 'Case not found' } },
    });
    renderModuleAt('/patients/p1/case/c9/history');
    expect(await screen.findByText('This case or patient was not found.')).toBeInTheDocument();
  });

  it('pages like the other lists: 100 at a time, the next page on demand', async () => {
    const many = Array.from({ length: 100 }, (_, i) => anEntry({ action: 'update', changes: [{ field: 'room', old: `R${i}`, new: `R${i + 1}` }] }));
    const api = mockApi({
      'GET /api/patients/p1/cases/c1': { body: caseA },
      'GET /api/patients/p1/cases/c1/history': (request) =>
        new URL(request.url).searchParams.get('offset') === '1' ? page(historyA.slice(0, 1), 101, 1) : page(many, 101, 0),
    });
    const { user } = renderModuleAt('/patients/p1/case/c1/history');
    expect(await screen.findByText('Showing 100 of 101 history entries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('All 101 history entries shown')).toBeInTheDocument();
    expect(api.requests.some((r) => new URL(r.url).searchParams.get('offset') === '1')).toBe(true);
  });

  it('is reached from the case card of the patient preview, and goes back to the case form', async () => {
    servePatientPreview([caseA], {
      'GET /api/patients/p1/cases/c1/history': page(historyA),
      'GET /api/patients/p1/cases/c1': { body: caseA },
    });
    const { user } = renderModuleAt('/patients/p1');
    const card = await caseCard('HIST-A');
    const link = within(card).getByRole('link', { name: 'History of case # HIST-A' });
    expect(link).toHaveAttribute('href', '/patients/p1/case/c1/history');
    await user.click(link);
    expect(currentPath()).toBe('/patients/p1/case/c1/history');
    await user.click(await screen.findByRole('button', { name: 'Back to the case' }));
    expect(currentPath()).toBe('/patients/p1/case/c1');
  });

  it("is reached from the case form's title bar, by keyboard too", async () => {
    serveHistory({ 'GET /api/patients/p1': { body: aPatient() }, 'GET /api/queries/case/c1': { body: { result: [], count: 0 } } });
    const { user } = renderModuleAt('/patients/p1/case/c1');
    const bar = await screen.findByRole('toolbar', { name: 'Case actions' });
    const link = await within(bar).findByRole('link', { name: 'History of case # HIST-A' });
    link.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/patients/p1/case/c1/history'));
    expect(await screen.findByRole('heading', { name: 'History of Case # HIST-A' })).toBeInTheDocument();
  });

  it('has no serious or critical accessibility violation (axe, WCAG 2.1 AA)', async () => {
    serveHistory();
    const { container } = renderModuleAt('/patients/p1/case/c1/history');
    await entry('Withdrawn from its package');
    expect(await axeViolations(container)).toEqual([]);
  });
});
