/** The module's few layout rules (no CSS loader in the module builds): toolbars that wrap, the pager, mobile widths. */
const CSS = `
.pnss-submissions-toolbar {
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  justify-content: space-between;
  margin-bottom: 12px;
}

.pnss-build-progress {
  max-width: 420px;
  margin-bottom: 12px;
}

.pnss-quality-chart { margin: 0 0 16px; max-width: 960px; }
.pnss-quality-bar { display: grid; grid-template-columns: minmax(160px, 24em) 1fr 48px; gap: 8px; align-items: center; margin: 2px 0; }
.pnss-quality-bar-track { background: #f0f0f0; height: 12px; border-radius: 2px; overflow: hidden; }
.pnss-quality-bar-fill { display: block; height: 100%; }
.pnss-quality-error { background: #cf1322; }
.pnss-quality-warning { background: #d48806; }
.pnss-quality-bar-count { text-align: right; }
.pnss-quality-list { margin: 0; padding-left: 16px; }
.pnss-quality-denominator { max-width: 760px; margin: 4px 0 8px !important; font-size: 13px; }

.pnss-pager {
  margin-top: 12px;
}

.pnss-visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
}

@media (max-width: 767px) {
  .pnss-submissions-toolbar .ant-radio-group {
    display: flex;
    flex-wrap: wrap;
  }
  .pnss-submissions-toolbar > .ant-btn {
    width: 100%;
  }
}

/* The hub's tables on mobile and tablet (SPEC.md §9, up to 1023 px): each row a card of
   'heading: value' lines (the heading from the cell's data-label), so Upload ID, Verification,
   Status and the buttons are on screen without scrolling sideways. */
@media (max-width: 1023px) {
  .pnss-stacked-table .ant-table-thead {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .pnss-stacked-table .ant-table-content {
    overflow: visible !important;
  }
  .pnss-stacked-table table {
    display: block;
    width: 100% !important;
    min-width: 0 !important;
  }
  .pnss-stacked-table .ant-table-tbody {
    display: block;
  }
  .pnss-stacked-table .ant-table-measure-row {
    display: none;
  }
  .pnss-stacked-table .ant-table-tbody > tr.ant-table-row {
    display: block;
    padding: 8px 0;
    border-bottom: 1px solid rgba(5, 5, 5, 0.06);
  }
  .pnss-stacked-table .ant-table-tbody > tr.ant-table-row > td {
    display: grid;
    grid-template-columns: 8.5em minmax(0, 1fr);
    column-gap: 12px;
    border-bottom: none !important;
    padding: 4px 12px !important;
    min-width: 0;
    overflow-wrap: anywhere;
    text-align: left !important;
  }
  .pnss-stacked-table .ant-table-tbody > tr.ant-table-row > td > * {
    justify-self: start;
  }
  .pnss-stacked-table .ant-table-tbody > tr.ant-table-row > td[data-label=''] {
    display: block;
  }
  .pnss-stacked-table .ant-table-tbody > tr.ant-table-row > td[data-label]:not([data-label=''])::before {
    content: attr(data-label);
    font-weight: 600;
    color: rgba(0, 0, 0, 0.65);
  }
}

/* Census packages on mobile and tablet (SPEC.md §9, up to 1023 px): each row a stacked card
   (Submission ID and Status, the package line, the buttons), so nothing starts off-screen. */
@media (max-width: 1023px) {
  .pnss-census-table .ant-table-thead {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .pnss-census-table .ant-table-content {
    overflow: visible !important;
  }
  .pnss-census-table table {
    display: block;
    width: 100% !important;
    min-width: 0 !important;
  }
  .pnss-census-table .ant-table-tbody {
    display: block;
  }
  .pnss-census-table .ant-table-measure-row {
    display: none;
  }
  .pnss-census-table .ant-table-tbody > tr.ant-table-row {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    grid-template-areas: 'id status' 'package package' 'actions actions';
    column-gap: 8px;
    padding: 8px 0;
    border-bottom: 1px solid rgba(5, 5, 5, 0.06);
  }
  .pnss-census-table .ant-table-tbody > tr.ant-table-row > td {
    display: block;
    border-bottom: none !important;
    padding: 4px 12px !important;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .pnss-census-table td.pnss-census-id { grid-area: id; }
  .pnss-census-table td.pnss-census-status { grid-area: status; text-align: right; }
  .pnss-census-table td.pnss-census-package { grid-area: package; }
  .pnss-census-table td.pnss-census-actions { grid-area: actions; text-align: left !important; }
  .pnss-census-table td.pnss-census-actions:empty { display: none; }
}
`;

export function SubmissionsStyles() {
  return <style>{CSS}</style>;
}
