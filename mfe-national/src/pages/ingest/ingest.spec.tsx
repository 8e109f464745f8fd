import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NationalIngestAnswer, NationalIngestItem } from '@pnss/libs/api';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { axeViolations, mockApi } from '@pnss/web/testing';
import { renderTab } from '../../testing/render-national.js';
import { IngestTab } from './index.js';

const item = (extra: Partial<NationalIngestItem>): NationalIngestItem => ({
  packageId: 'p1', departmentId: 'DEPT-NORTH', submissionId: 'SUB-1', version: 1, numOfCases: 120, dataDictionaryVersion: '2026.2',
  receivedAt: '2026-07-02T08:00:00.000Z', state: 'ingested', attempts: 1, reason: null, ingestedAt: '2026-07-02T08:00:05.000Z', factCases: 120, factInfants: 123,
  ...extra,
});

const HELD = item({
  packageId: 'p2', departmentId: 'DEPT-SOUTH', submissionId: 'SUB-9', version: 2, state: 'held', attempts: 3, ingestedAt: null, factCases: 0, factInfants: 0,
  dataDictionaryVersion: '2027.1', reason: 'The hub reads data dictionary 2026.2; this package was built with 2027.1. Upgrade the hub, then ingest it again.',
});

const answer = (items: NationalIngestItem[]): NationalIngestAnswer => ({
  items, count: items.length, offset: 0, queue: 'national-ingest (pg-boss)',
  totals: { queued: 1, active: 0, ingested: 1, retrying: 1, held: 1, superseded: 0 },
});

const renderIngest = () => renderTab('/national/ingest', <IngestTab />, '#/national/ingest', [PERMISSIONS.MANAGE_NATIONAL_INGEST]);

describe('the ingest of the received packages (issue 29)', () => {
  it('counts the packages ingested, pending (queued, ingesting or retrying) and failed (held)', async () => {
    mockApi({ 'GET /api/national/ingest': { body: answer([item({}), HELD]) }, 'GET /api/national/departments': { body: { items: [] } } });
    renderIngest();
    await screen.findByRole('row', { name: /SUB-9/ });
    const totals = screen.getByRole('group', { name: 'Packages by ingest state' });
    expect(within(totals).getByText('Pending').closest('.ant-statistic')).toHaveTextContent('Pending2');
    expect(within(totals).getByText('Failed (held)').closest('.ant-statistic')).toHaveTextContent('Failed (held)1');
    expect(within(totals).getByText('Ingested').closest('.ant-statistic')).toHaveTextContent('Ingested1');
  });

  it('a held package shows its reason in words, counts nothing, and can be ingested again', async () => {
    const api = mockApi({
      'GET /api/national/ingest': { body: answer([item({}), HELD]) },
      'GET /api/national/departments': { body: { items: [] } },
      'POST /api/national/ingest/p2/retry': { body: { packageId: 'p2', state: 'queued', message: 'SUB-9 version 2 is queued again.' } },
    });
    renderIngest();
    const table = await screen.findByRole('table', { name: 'Received packages and their ingest' });
    const held = await within(table).findByRole('row', { name: /SUB-9/ });
    expect(held).toHaveTextContent('Failed: held');
    expect(held).toHaveTextContent('The hub reads data dictionary 2026.2; this package was built with 2027.1.');
    expect(held).toHaveTextContent('Nothing counted');
    expect(within(table).getByRole('row', { name: /SUB-1/ })).toHaveTextContent('120 cases, 123 infants');
    await userEvent.click(within(held).getByRole('button', { name: 'Ingest SUB-9 version 2 of DEPT-SOUTH again' }));
    expect(await screen.findByText('SUB-9 version 2 is queued again.')).toBeInTheDocument();
    expect(api.calls()).toContain('POST /api/national/ingest/p2/retry');
    expect(within(table).queryByRole('button', { name: /SUB-1/ })).not.toBeInTheDocument();
  });

  it('has no serious or critical accessibility violation (axe, WCAG 2.1 AA)', async () => {
    mockApi({ 'GET /api/national/ingest': { body: answer([item({}), HELD]) }, 'GET /api/national/departments': { body: { items: [] } } });
    const { container } = renderIngest();
    await screen.findByRole('table', { name: 'Received packages and their ingest' });
    expect(await axeViolations(container)).toEqual([]);
  });
});
