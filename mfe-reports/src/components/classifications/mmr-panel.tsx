import { Card, Typography } from 'antd';
import type { ReportSummaryAnswer } from '@pnss/libs/api';
import { pluralize } from '@pnss/libs/format';
import { formatRate, isSmallCount, markedText, suppressedCount } from '@pnss/libs/reports';

/**
 * The maternal mortality ratio per 100,000 live births (WHO) with its exact 95% interval, beside the
 * spec's rate. With suppression on, 1 to 4 deaths are '†' and the ratio and interval, which would
 * give them back with the live births, are hidden.
 */
export function MmrPanel({ answer, suppress }: { answer: ReportSummaryAnswer; suppress: boolean }) {
  const mmr = answer.mmr;
  if (!mmr) return null;
  const small = suppress && isSmallCount(mmr.deaths);
  const shown = (value: number | null) => (small ? markedText('hidden', '') : formatRate(value));
  const deaths = suppressedCount(mmr.deaths, suppress);
  const sentence = mmr.ratio === null
    ? 'No live birth in the range: no ratio.'
    : `${deaths} maternal ${pluralize(mmr.deaths, 'death')} per ${mmr.liveBirths} live ${pluralize(mmr.liveBirths, 'birth')}; 95% confidence interval ${shown(mmr.lower)} to ${shown(mmr.upper)} (exact Poisson).`;
  return (
    <Card size="small" title="Maternal Mortality Ratio (WHO)" className="report-chart-card">
      <div className="report-rate">
        <span className="report-rate-value" aria-label={`Maternal mortality ratio ${shown(mmr.ratio)} per 100,000 live births`}>{shown(mmr.ratio)}</span>
        <span>per 100,000 live births</span>
      </div>
      <Typography.Paragraph style={{ margin: '8px 0 0' }}>{sentence}</Typography.Paragraph>
      {(mmr.coincidentalDeaths > 0 || mmr.unmappedDeaths > 0) && (
        <Typography.Paragraph style={{ margin: '4px 0 0' }}>
          {mmr.coincidentalDeaths > 0 && `${suppressedCount(mmr.coincidentalDeaths, suppress)} coincidental (ICD-MM group 9) not counted. `}
          {mmr.unmappedDeaths > 0 && `${suppressedCount(mmr.unmappedDeaths, suppress)} with an unmapped cause counted.`}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 0' }}>{mmr.definition}</Typography.Paragraph>
    </Card>
  );
}
