import { Mix } from '@ant-design/charts';
import type { NationalFunnelAnswer } from '@pnss/libs/api';

export interface FunnelChartProps {
  answer: NationalFunnelAnswer;
  /** The axis title of the rate ('per 100,000 live births'). */
  rateTitle: string;
  /** The axis title of the denominator ('live births'). */
  denominatorTitle: string;
}

const LIMIT_COLORS = { '99.8% limits': '#a8071a', '95% limits': '#d48806', 'National rate': '#1d4e89' } as const;
type Series = keyof typeof LIMIT_COLORS;

/**
 * The funnel plot (GLOSSARY.md): each department's rate against its denominator, with the national rate
 * and the 95% and 99.8% control limits, so that a small department is not called an outlier for one
 * death. Departments beyond the 99.8% limits are drawn red and named. Drawn with @ant-design/charts and
 * imported lazily (the library loads when Benchmarking first draws); its numbers are in the table beside it.
 */
export default function FunnelChart({ answer, rateTitle, denominatorTitle }: FunnelChartProps) {
  const lines: Array<{ denominator: number; value: number; series: Series; part: string }> = [];
  for (const l of answer.limits) {
    lines.push({ denominator: l.denominator, value: l.upper998, series: '99.8% limits', part: 'upper998' });
    lines.push({ denominator: l.denominator, value: l.lower998, series: '99.8% limits', part: 'lower998' });
    lines.push({ denominator: l.denominator, value: l.upper95, series: '95% limits', part: 'upper95' });
    lines.push({ denominator: l.denominator, value: l.lower95, series: '95% limits', part: 'lower95' });
    if (answer.nationalRate !== null) lines.push({ denominator: l.denominator, value: answer.nationalRate, series: 'National rate', part: 'national' });
  }
  const points = answer.points
    .filter((p) => p.rate !== null && p.denominator > 0)
    .map((p) => ({ denominator: p.denominator, rate: p.rate as number, department: p.departmentId, label: p.position998 === 'inside' ? p.departmentId : `${p.departmentId} (outlier)` }));
  return (
    <Mix
      height={360}
      autoFit
      animate={false}
      legend={{ color: { position: 'bottom' } }}
      scale={{ x: { type: 'linear', nice: true }, y: { key: 'rate', independent: false, nice: true } }}
      axis={{ x: { title: denominatorTitle }, y: { title: rateTitle } }}
      children={[
        {
          type: 'line',
          data: lines,
          xField: 'denominator',
          yField: 'value',
          seriesField: 'part',
          colorField: 'series',
          scale: { color: { domain: Object.keys(LIMIT_COLORS), range: Object.values(LIMIT_COLORS) } },
          style: { lineWidth: 1.5 },
          tooltip: false,
        },
        {
          type: 'point',
          data: points,
          xField: 'denominator',
          yField: 'rate',
          shapeField: 'point',
          style: { r: 5, fill: '#2f7fc1', stroke: '#1d4e89', fillOpacity: 0.9 },
          labels: [{ text: 'label', dy: -10, fontSize: 11 }],
          tooltip: false,
        },
      ]}
    />
  );
}
