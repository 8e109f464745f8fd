import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { RATE_DEFINITIONS, SUPPRESSION_NOTE } from '@pnss/libs/reports';
import { axeViolations, mockApi, renderWithProviders } from '@pnss/web/testing';
import { HashRouter } from 'react-router-dom';
import { figuresAnswer } from '../../testing/national-answers.js';
import { pick } from '../../testing/render-national.js';
import { SMALL_CELL_WORDS, HIDDEN_CELL_WORDS } from '../../components/count-cell.js';
import { FiguresTab } from './index.js';

const session = (permissions: string[]) => ({ session: { signedIn: true, user: null, permissions } });

function renderFigures(hash = '#/national/figures?from=2026-04&to=2026-06', permissions: string[] = [PERMISSIONS.VIEW_NATIONAL]) {
  window.location.hash = hash;
  return renderWithProviders(
    <HashRouter>
      <Routes>
        <Route path="/national/figures" element={<FiguresTab />} />
      </Routes>
    </HashRouter>,
    { preloadedState: session(permissions) },
  );
}

const DEPARTMENTS = { body: { items: [{ departmentId: 'DEPT-NORTH', firstMonth: '2026-01', lastMonth: '2026-06', cases: 8000 }, { departmentId: 'DEPT-SOUTH', firstMonth: '2026-01', lastMonth: '2026-06', cases: 4000 }] } };

function rowCells(table: HTMLElement, name: RegExp): string[] {
  return within(within(table).getByRole('row', { name })).getAllByRole('cell').map((c) => c.textContent ?? '');
}

describe('the national figures of a period (issue 29)', () => {
  it('asks the hub for the period of the URL and shows the maternal mortality ratio per 100,000 live births; 3 deaths are † and the ratio that would give them back is x', async () => {
    const api = mockApi({ 'GET /api/national/figures': { body: figuresAnswer() }, 'GET /api/national/departments': DEPARTMENTS });
    renderFigures();
    const ratio = await screen.findByLabelText('Maternal mortality ratio hidden per 100,000 live births');
    expect(ratio).toHaveTextContent('x');
    expect(within(ratio).getByLabelText(HIDDEN_CELL_WORDS)).toBeInTheDocument();
    const deaths = screen.getByText('Maternal deaths in the ratio').closest('tr') as HTMLElement;
    expect(within(deaths).getByLabelText(SMALL_CELL_WORDS)).toHaveTextContent('†');
    expect(screen.getByText(SUPPRESSION_NOTE)).toBeInTheDocument();
    const request = api.requests.find((r) => r.url.includes('/national/figures'));
    expect(Object.fromEntries(new URL(request!.url).searchParams)).toEqual({ from: '2026-04', to: '2026-06' });
    expect(screen.getByRole('heading', { name: 'All departments, Quarter 2 2026' })).toBeInTheDocument();
  });

  it("the society's staff may switch suppression off: 30.0 per 100,000 live births, exact Poisson 95% interval 6.2 to 87.7, 3 deaths in 10,000 live births", async () => {
    mockApi({ 'GET /api/national/figures': { body: figuresAnswer() }, 'GET /api/national/departments': DEPARTMENTS });
    renderFigures();
    await screen.findByLabelText(/Maternal mortality ratio hidden/);
    await userEvent.click(screen.getByRole('switch', { name: 'Suppress small cells (as published)' }));
    expect(screen.getByLabelText('Maternal mortality ratio 30.0 per 100,000 live births')).toHaveTextContent('30.0');
    expect(screen.getByText('6.2 to 87.7')).toBeInTheDocument();
    expect((screen.getByText('Maternal deaths in the ratio').closest('tr') as HTMLElement).textContent).toContain('3');
    expect(screen.getByText(/Small cells are shown as they are/)).toBeInTheDocument();
  });

  it('maternal deaths by WHO ICD-MM group with the total, which a small group would give back, hidden', async () => {
    mockApi({ 'GET /api/national/figures': { body: figuresAnswer() }, 'GET /api/national/departments': DEPARTMENTS });
    renderFigures();
    const table = await screen.findByRole('table', { name: 'By WHO ICD-MM group' });
    expect(rowCells(table, /^3\. Obstetric haemorrhage/)).toEqual(['3. Obstetric haemorrhage', 'direct', 'Yes', '†']);
    expect(rowCells(table, /^9\. Coincidental/)).toEqual(['9. Coincidental causes', 'coincidental', 'No', '0']);
    expect(rowCells(table, /^Total/)).toEqual(['Total', '', '', '†']);
  });

  it('the perinatal rates by the WHO definitions, each with its denominator in words, for international comparison and by the national cut-off', async () => {
    mockApi({ 'GET /api/national/figures': { body: figuresAnswer() }, 'GET /api/national/departments': DEPARTMENTS });
    renderFigures();
    const table = await screen.findByRole('table', { name: 'Perinatal and Neonatal Mortality (WHO)' });
    // (60 + 30) per 10,050 total births = 9.0; (75 + 30) per 10,065 = 10.4.
    expect(rowCells(table, /^Perinatal mortality rate per 1000 total births/)).toEqual(['Perinatal mortality rate per 1000 total births', '9.0', '10.4']);
    expect(rowCells(table, /^Neonatal mortality rate per 1000 live births/)).toEqual(['Neonatal mortality rate per 1000 live births', '4.1', '4.1']);
    expect(rowCells(table, /^Born dead below the threshold/)).toEqual(['Born dead below the threshold (in no rate)', '†', '†']);
    expect(screen.getByText(RATE_DEFINITIONS.perinatal.sentence)).toBeInTheDocument();
    expect(screen.getByText(RATE_DEFINITIONS.neonatal.sentence)).toBeInTheDocument();
    expect(screen.getByText(/International \(WHO\): 28 weeks or 1000 g: a stillbirth is a baby born dead at 28 weeks or more, or 1000 g or more/)).toBeInTheDocument();
  });

  it("the Robson table in WHO's columns keeps the women it could not classify, their 2 women and the percentages made from them suppressed", async () => {
    mockApi({ 'GET /api/national/figures': { body: figuresAnswer() }, 'GET /api/national/departments': DEPARTMENTS });
    renderFigures();
    const table = await screen.findByRole('table', { name: 'Caesarean Sections by Robson Group (WHO)' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent).filter(Boolean)).toEqual([
      'Group', 'Number of women', 'Group size (%)', 'Number of CS', 'CS rate in group (%)', 'Absolute contribution (%)', 'Relative contribution (%)',
    ]);
    expect(rowCells(table, /Group 5\.1/).slice(1)).toEqual(['Group 5.1', '2,000', '20.0%', '1,600', '80.0%', '16.0%', '47.0%']);
    expect(rowCells(table, /Not classifiable/).slice(1)).toEqual(['Not classifiable', '†', 'x', '†', 'x', 'x', 'x']);
    expect(screen.getByText('Not classifiable: 0.0% of the women')).toBeInTheDocument();
    expect(screen.getByText(RATE_DEFINITIONS.caesarean.sentence, { exact: false })).toBeInTheDocument();
  });

  it('one department: the Department field puts it in the URL and the hub is asked for it', async () => {
    const api = mockApi({
      'GET /api/national/figures': (request) => ({ body: figuresAnswer({ departmentId: new URL(request.url).searchParams.get('departmentId') }) }),
      'GET /api/national/departments': DEPARTMENTS,
    });
    renderFigures();
    await screen.findByRole('table', { name: 'By WHO ICD-MM group' });
    await pick('Department', 'DEPT-SOUTH');
    expect(await screen.findByRole('heading', { name: 'Department DEPT-SOUTH, Quarter 2 2026' })).toBeInTheDocument();
    expect(window.location.hash).toContain('department=DEPT-SOUTH');
    const last = api.requests.filter((r) => r.url.includes('/national/figures')).at(-1);
    expect(new URL(last!.url).searchParams.get('departmentId')).toBe('DEPT-SOUTH');
  });

  it('the period is a month, a quarter, a year or custom months, each control labelled; a year asks for its twelve months', async () => {
    const api = mockApi({ 'GET /api/national/figures': { body: figuresAnswer() }, 'GET /api/national/departments': DEPARTMENTS });
    renderFigures();
    await screen.findByRole('table', { name: 'By WHO ICD-MM group' });
    expect(screen.getByRole('combobox', { name: 'Quarter' })).toBeInTheDocument();
    await pick('Period', 'Year');
    expect(await screen.findByRole('heading', { name: 'All departments, 2026' })).toBeInTheDocument();
    const last = api.requests.filter((r) => r.url.includes('/national/figures')).at(-1);
    expect(Object.fromEntries(new URL(last!.url).searchParams)).toEqual({ from: '2026-01', to: '2026-12' });
    expect(screen.queryByRole('combobox', { name: 'Quarter' })).not.toBeInTheDocument();
  });

  it('exports are offered only to holders of export_national', async () => {
    mockApi({ 'GET /api/national/figures': { body: figuresAnswer() }, 'GET /api/national/departments': DEPARTMENTS });
    const { unmount } = renderFigures();
    await screen.findByRole('table', { name: 'By WHO ICD-MM group' });
    expect(screen.queryByRole('button', { name: /as CSV/ })).not.toBeInTheDocument();
    unmount();
    renderFigures(undefined, [PERMISSIONS.VIEW_NATIONAL, PERMISSIONS.EXPORT_NATIONAL]);
    await screen.findByRole('table', { name: 'By WHO ICD-MM group' });
    expect(screen.getByRole('button', { name: 'Export the Robson table as XLSX' })).toBeInTheDocument();
  });

  it('has no serious or critical accessibility violation (axe, WCAG 2.1 AA)', async () => {
    mockApi({ 'GET /api/national/figures': { body: figuresAnswer() }, 'GET /api/national/departments': DEPARTMENTS });
    const { container } = renderFigures(undefined, [PERMISSIONS.VIEW_NATIONAL, PERMISSIONS.EXPORT_NATIONAL]);
    await screen.findByRole('table', { name: 'By WHO ICD-MM group' });
    expect(await axeViolations(container)).toEqual([]);
  });
});
