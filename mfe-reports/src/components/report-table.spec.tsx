import { render, screen, within } from '@testing-library/react';
import type { ReportTableAnswer } from '@pnss/libs/api';
import { reportCategories } from '@pnss/libs/reports';
import { REPORT_COLUMN_WIDTH, ReportTable } from './report-table.js';

const categories = reportCategories();
const answer: ReportTableAnswer = {
  category: categories.find((c) => c.name === 'PregnancyType')!,
  cross: categories.find((c) => c.name === 'MotherCondition')!,
  from: '2026-01-01', to: '2026-03-31', rule: 'rule',
  rows: [
    { name: 'singleton', label: 'Singleton', count: 30, acc: 30, crosssegments: { 1: 20, 2: 0, 3: 10, 'N/A': 0 } },
    { name: 'multiple', label: 'Multiple', count: 10, acc: 40, crosssegments: { 1: 10, 2: 0, 3: 0, 'N/A': 0 } },
    { name: 'miscarriage', label: 'Miscarriage', count: 0, acc: 40, crosssegments: { 1: 0, 2: 0, 3: 0, 'N/A': 0 } },
  ],
  total: { name: 'Total', label: 'Total', count: 40, acc: 40, crosssegments: { 1: 30, 2: 0, 3: 10, 'N/A': 0 } },
};

function cells(rowName: string): string[] {
  const row = screen.getByRole('row', { name: new RegExp(`^${rowName}`) });
  return within(row).getAllByRole('cell').map((c) => c.textContent ?? '');
}

describe('the report table (SPEC.md §2 Reports, Table)', () => {
  it("Value: counts per cell, a Total column and a Total row; zero shows as '-'", () => {
    render(<ReportTable answer={answer} mode="value" suppress={false} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Pregnancy Type', 'Improved', 'Unimproved', 'Died', 'Total']);
    expect(cells('Singleton')).toEqual(['Singleton', '20', '-', '10', '30']);
    expect(cells('Miscarriage')).toEqual(['Miscarriage', '-', '-', '-', '-']);
    expect(cells('Total')).toEqual(['Total', '30', '-', '10', '40']);
  });

  it("Percentage: whole percentages of the row's total, totals of the grand total; 0% shows as '-'", () => {
    render(<ReportTable answer={answer} mode="percentage" suppress={false} />);
    expect(cells('Singleton')).toEqual(['Singleton', '67%', '-', '33%', '75%']);
    expect(cells('Multiple')).toEqual(['Multiple', '100%', '-', '-', '25%']);
    expect(cells('Total')).toEqual(['Total', '75%', '-', '25%', '100%']);
    expect(screen.getByText(/share of that row's total/)).toBeInTheDocument();
  });

  it("suppression shows 1 to 4 as the mark '†' and hides the totals that would reveal them", () => {
    const small: ReportTableAnswer = {
      ...answer,
      rows: [{ ...answer.rows[0], count: 23, crosssegments: { 1: 20, 2: 0, 3: 3, 'N/A': 0 } }],
      total: { ...answer.total, count: 23, crosssegments: { 1: 20, 2: 0, 3: 3, 'N/A': 0 } },
    };
    render(<ReportTable answer={small} mode="value" suppress />);
    expect(cells('Singleton')).toEqual(['Singleton', '20', '-', '†', 'x']);
    expect(cells('Total')).toEqual(['Total', '20', '-', '†', 'x']);
  });

  it('category columns are 140 px wide', () => {
    const { container } = render(<ReportTable answer={answer} mode="value" suppress={false} />);
    const widths = [...container.querySelectorAll('col')].map((c) => (c as HTMLElement).style.width).filter(Boolean);
    expect(widths).toContain(`${REPORT_COLUMN_WIDTH}px`);
  });
});
