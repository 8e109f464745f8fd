/** The History screen's few rules; class names carry the module's prefix. */
const CSS = `
.pnss-history { max-width: 1040px; margin: 0 auto; padding: 8px 12px 24px; }
.pnss-history-head { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; margin-bottom: 12px; }
.pnss-history-head h2 { margin: 0; font-size: 22px; font-weight: 600; flex: 1 1 auto; min-width: 0; }
.pnss-history-list { list-style: none; margin: 0; padding: 0; }
.pnss-history-list > li + li { margin-top: 12px; }
.pnss-history-entry { background: #fff; border: 1px solid #f0f0f0; border-radius: 8px; padding: 12px 16px; }
.pnss-history-entry h3 { margin: 0 0 4px; font-size: 16px; font-weight: 600; overflow-wrap: break-word; }
.pnss-history-meta { color: rgba(0, 0, 0, 0.65); font-size: 13px; display: flex; flex-wrap: wrap; gap: 4px 16px; margin-bottom: 6px; }
.pnss-history-words { margin: 6px 0; font-size: 14px; white-space: pre-wrap; overflow-wrap: anywhere; }
.pnss-history-words strong { font-weight: 600; }
.pnss-history-changes { width: 100%; border-collapse: collapse; margin-top: 8px; font-size: 13px; table-layout: fixed; }
/* The table's name for screen readers; on screen the row's title above says it. */
.pnss-history-changes caption { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.pnss-history-changes th, .pnss-history-changes td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid #f0f0f0; overflow-wrap: anywhere; }
.pnss-history-changes thead th { background: #fafafa; font-weight: 600; }
.pnss-history-changes col.pnss-history-field { width: 30%; }
.pnss-history-more summary { cursor: pointer; margin-top: 8px; color: #8a1538; }
.pnss-history-more summary:focus-visible { outline: 2px solid #8a1538; outline-offset: 2px; }
@media (max-width: 767px) {
  .pnss-history { padding: 4px 4px 16px; }
  .pnss-history-entry { padding: 10px; }
  .pnss-history-changes col.pnss-history-field { width: 36%; }
}
`;

export function CaseHistoryStyles() {
  return <style>{CSS}</style>;
}
