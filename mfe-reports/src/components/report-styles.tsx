/** The reports' layout and A4 print rules; class names carry the 'report' prefix so they never meet another module's. */
const CSS = `
.report-page { max-width: 1280px; margin: 0 auto; }
.report-toolbar { display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: flex-end; justify-content: space-between; margin-bottom: 16px; }
.report-field { display: flex; flex-direction: column; gap: 4px; font-size: 12px; font-weight: 600; color: rgba(0,0,0,0.7); }
.report-charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(360px, 1fr)); gap: 16px; align-items: start; }
.report-chart-wide { grid-column: 1 / -1; }
.report-table { width: fit-content; max-width: 100%; }
.report-rate { display: flex; flex-wrap: wrap; gap: 8px 32px; align-items: baseline; }
.report-rate-value { font-size: 40px; font-weight: 700; color: #8a1538; line-height: 1; }
.report-chart-table { margin-top: 8px; }
.report-total-row td { background: #fafafa; }
.report-print-title { display: none; }
@media (max-width: 767px) {
  .report-charts { grid-template-columns: minmax(0, 1fr); }
  .report-toolbar { flex-direction: column; align-items: stretch; }
}
@media print {
  @page { size: A4 portrait; margin: 12mm; }
  body * { visibility: hidden !important; }
  .report-printable, .report-printable * { visibility: visible !important; }
  .report-printable { position: absolute; left: 0; top: 0; width: 186mm; }
  .report-page .no-print, .report-page .ant-tabs-nav { display: none !important; }
  .report-print-title { display: block; }
  .report-charts { grid-template-columns: 1fr 1fr; gap: 6mm; }
  .report-chart-card { break-inside: avoid; }
  .report-chart-card .ant-table { font-size: 10px; }
}
`;

export function ReportStyles() {
  return <style>{CSS}</style>;
}
