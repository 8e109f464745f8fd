/**
 * The few rules inline styles cannot express. Class names carry the module's prefix so they
 * never meet another module's.
 */
const CSS = `
.pnss-admin-toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; margin-bottom: 12px; }
.pnss-admin-toolbar-search { flex: 1 1 260px; max-width: 420px; }
.pnss-admin-toolbar-end { margin-left: auto; display: flex; gap: 8px; align-items: center; }
.pnss-admin-panel { background: #fff; border-radius: 8px; border: 1px solid #f0f0f0; }
.pnss-admin-grid .ant-table-thead th.pnss-admin-feature { font-size: 12px; font-weight: 500; line-height: 1.2; vertical-align: bottom; text-align: center; padding: 8px 4px !important; }
.pnss-admin-grid .ant-table-thead th.pnss-admin-group { font-size: 12px; text-align: center; padding: 6px 4px !important; vertical-align: bottom; }
.pnss-admin-vertical { display: inline-block; writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; text-align: left; }
.pnss-admin-grid .ant-table-tbody td.pnss-admin-feature { text-align: center; padding: 4px !important; }
.pnss-admin-grid .ant-table-tbody > tr:hover > td { background: #f9ecef; }
.pnss-admin-mark { color: #2e7d32; font-size: 16px; }
.pnss-admin-deactivated td { color: rgba(0, 0, 0, 0.45); }
.pnss-admin-changes { margin: 0; padding-left: 18px; }
.pnss-admin-changes li { overflow-wrap: anywhere; }
.pnss-admin-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

export function ModuleStyles() {
  return <style>{CSS}</style>;
}
