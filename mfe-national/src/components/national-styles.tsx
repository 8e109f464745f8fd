/** The national module's layout; class names carry the 'national' prefix so they never meet another module's. */
const CSS = `
.national-page { max-width: 1280px; margin: 0 auto; }
.national-toolbar { display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: flex-end; margin-bottom: 16px; }
.national-field { display: flex; flex-direction: column; gap: 4px; font-size: 12px; font-weight: 600; color: rgba(0,0,0,0.75); }
.national-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(400px, 1fr)); gap: 16px; align-items: start; }
.national-wide { grid-column: 1 / -1; }
.national-rate { display: flex; flex-wrap: wrap; gap: 8px 24px; align-items: baseline; }
.national-rate-value { font-size: 36px; font-weight: 700; color: #8a1538; line-height: 1; }
.national-definition { font-size: 12px; color: rgba(0,0,0,0.65); margin: 8px 0 0; }
.national-legend { font-size: 12px; color: rgba(0,0,0,0.65); }
.national-mark { font-style: italic; color: rgba(0,0,0,0.75); }
.national-outlier td { background: #fff1f0; }
.national-outliers { margin: 8px 0; }
.national-scope { margin-top: 0 !important; }
.national-table-head { display: flex; justify-content: space-between; align-items: center; gap: 8px; margin-bottom: 8px; }
.national-table-title { margin: 0 !important; font-size: 14px !important; }
.national-total-row td { background: #fafafa; }
.national-definitions { padding-left: 18px; }
.national-ingest-totals { margin-bottom: 16px; }
.national-month { display: inline-block; min-width: 76px; padding: 2px 6px; border-radius: 4px; font-size: 12px; }
.national-month-submitted { background: #f6ffed; color: #135200; }
.national-month-late { background: #fffbe6; color: #613400; }
.national-month-missing { background: #fff1f0; color: #820014; font-weight: 600; }
.national-month-held { background: #f9f0ff; color: #391085; font-weight: 600; }
@media (max-width: 1023px) {
  .national-grid { grid-template-columns: minmax(0, 1fr); }
}
`;

export function NationalStyles() {
  return <style>{CSS}</style>;
}
