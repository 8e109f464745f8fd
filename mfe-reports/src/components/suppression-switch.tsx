import { Switch, Typography } from 'antd';

/**
 * The one small-cell suppression control of a report (on by default, kept in the URL so it survives
 * switching tabs and reports): the tables and charts on screen and the CSV and XLSX exports follow it.
 */
export function SuppressionSwitch({ suppress, onChange }: { suppress: boolean; onChange: (suppress: boolean) => void }) {
  return (
    <label style={{ display: 'flex', gap: 8, alignItems: 'center' }} className="no-print">
      <Switch size="small" checked={suppress} onChange={onChange} aria-label="Small-cell suppression, on screen and in exports" />
      <span>
        Small-cell suppression <Typography.Text type="secondary">(on screen and in exports)</Typography.Text>
      </span>
    </label>
  );
}
