import { Bar, Column, Pie } from '@ant-design/charts';
import type { ReportChart } from '@pnss/libs/api';
import { chartPercent, isSmallCount } from '@pnss/libs/reports';
import { valueAxisMax } from './chart-scale.js';

export interface ChartPlotProps {
  chart: ReportChart;
  /** Counts from 1 to 4 are drawn as nothing when suppressed: the plot must not give them back. */
  suppress: boolean;
}

const COLORS = ['#1d4e89', '#2f7fc1', '#6baed6', '#f08a24', '#c0392b', '#7b4f9d', '#2e8b57', '#8c8c8c'];

/**
 * The plots of SPEC.md §2 (bar, vertical bar, doughnut with legend), drawn with @ant-design/charts.
 * This file is imported lazily by chart-card.tsx only: the library loads when Reports opens.
 */
export default function ChartPlot({ chart, suppress }: ChartPlotProps) {
  const data = chart.segments.map((s) => ({
    label: s.label,
    count: suppress && isSmallCount(s.count) ? 0 : s.count,
    percent: chartPercent(s.count, chart.total),
  }));
  // Room past the longest bar for its value label (it was clipped at the plot's edge).
  const valueScale = { y: { domainMin: 0, domainMax: valueAxisMax(data.map((d) => d.count)), nice: false } };
  if (chart.kind === 'doughnut') {
    return (
      <Pie
        data={data.filter((d) => d.count > 0)}
        angleField="count"
        colorField="label"
        innerRadius={0.82}
        height={240}
        scale={{ color: { range: COLORS } }}
        legend={{ color: { position: 'right', rowPadding: 4, maxRows: 8 } }}
        label={false}
        tooltip={{ items: [{ channel: 'y', name: 'Cases' }] }}
        animate={false}
      />
    );
  }
  if (chart.kind === 'bar') {
    // One bar per segment, at least 22 px each (SPEC.md §9 bar 300x160, step 15).
    return (
      <Bar
        data={data}
        xField="label"
        yField="count"
        height={Math.max(160, data.length * 22 + 40)}
        style={{ fill: COLORS[0], maxWidth: 15 }}
        scale={valueScale}
        axis={{ x: { title: false, labelAutoEllipsis: true, labelAutoWrap: false }, y: { title: false, tickFilter: (v: number) => Number.isInteger(v) } }}
        label={{ text: (d: { count: number }) => (d.count > 0 ? String(d.count) : ''), position: 'right', dx: 4 }}
        tooltip={{ items: [{ channel: 'y', name: 'Cases' }] }}
        animate={false}
      />
    );
  }
  return (
    <Column
      data={data}
      xField="label"
      yField="count"
      height={220}
      style={{ fill: COLORS[1], maxWidth: 40 }}
      scale={valueScale}
      axis={{ x: { title: false }, y: { title: false, tickFilter: (v: number) => Number.isInteger(v) } }}
      label={{ text: (d: { count: number }) => (d.count > 0 ? String(d.count) : ''), position: 'top', dy: -4 }}
      tooltip={{ items: [{ channel: 'y', name: 'Cases' }] }}
      animate={false}
    />
  );
}
