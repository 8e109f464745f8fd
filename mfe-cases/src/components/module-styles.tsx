/**
 * The few rules inline styles cannot express (hover, focus ring, sticky panel). Class names carry
 * the module's prefix so they never meet another module's.
 */
const CSS = `
.pnss-cases-list { list-style: none; margin: 0; padding: 0; }
.pnss-cases-list > li + li { border-top: 1px solid #f0f0f0; }
.pnss-cases-row { display: flex; align-items: center; gap: 12px; padding: 12px; border-radius: 8px; color: inherit; text-decoration: none; min-height: 44px; }
.pnss-cases-row:hover { background: #f9ecef; color: inherit; }
.pnss-cases-row:focus-visible { outline: 2px solid #8a1538; outline-offset: -2px; }
.pnss-cases-row[aria-current='page'] { background: #f3dde3; }
.pnss-cases-row-main { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px; }
.pnss-cases-row-title { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.pnss-cases-row-meta { color: rgba(0, 0, 0, 0.6); font-size: 13px; }
.pnss-cases-row-tags { display: flex; flex-wrap: wrap; gap: 4px; justify-content: flex-end; }
.pnss-cases-row-tags .ant-tag { margin: 0; }
.pnss-cases-panel { background: #fff; border-radius: 8px; border: 1px solid #f0f0f0; }
.pnss-cases-preview-aside { position: sticky; top: 80px; max-height: calc(100vh - 104px); overflow-y: auto; }
.pnss-cases-filters { display: flex; flex-wrap: wrap; gap: 8px; margin-bottom: 12px; }
.pnss-cases-detail-list { margin: 0; padding-left: 18px; }
a.pnss-cases-card-title { color: inherit; }
a.pnss-cases-card-title:hover { color: #8a1538; text-decoration: underline; }
.pnss-cases-title.ant-typography { margin: 0; }
.pnss-quiet-text.ant-typography { color: rgba(0, 0, 0, 0.65); }
.pnss-not-recorded { color: rgba(0, 0, 0, 0.6); font-weight: 400; font-style: italic; }
.pnss-worklist-tabs ul { list-style: none; margin: 0 0 16px; padding: 0; display: flex; flex-wrap: wrap; gap: 8px; }
.pnss-worklist-tab { display: inline-flex; align-items: center; gap: 8px; min-height: 36px; padding: 6px 12px; border: 1px solid #d9d9d9; border-radius: 18px; color: rgba(0, 0, 0, 0.88); background: #fff; text-decoration: none; }
.pnss-worklist-tab:hover { border-color: #8a1538; color: #8a1538; }
.pnss-worklist-tab:focus-visible { outline: 2px solid #8a1538; outline-offset: 2px; }
.pnss-worklist-tab[aria-current='page'] { background: #8a1538; border-color: #8a1538; color: #fff; font-weight: 600; }
.pnss-worklist-count { min-width: 22px; padding: 0 6px; border-radius: 11px; background: #f3dde3; color: #8a1538; font-size: 12px; font-weight: 600; line-height: 20px; text-align: center; }
.pnss-worklist-tab[aria-current='page'] .pnss-worklist-count { background: #fff; }
.pnss-sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
.pnss-cases-preview-name.ant-typography { overflow-wrap: break-word; word-break: normal; white-space: normal; }
@media (max-width: 767px) {
  .pnss-cases-row { flex-wrap: wrap; row-gap: 4px; }
  .pnss-cases-row-tags { flex-basis: 100%; justify-content: flex-start; padding-left: 52px; }
  .pnss-cases-row-tags:empty { display: none; }
  .pnss-cases-title.ant-typography { font-size: 24px; }
}
`;

export function ModuleStyles() {
  return <style>{CSS}</style>;
}
