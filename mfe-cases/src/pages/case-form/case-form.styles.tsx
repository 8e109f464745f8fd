/** The case form's layout rules; class names carry the form's prefix so they never meet another module's. */
const CSS = `
.cf-page { max-width: 1280px; margin: 0 auto; }
.cf-loading { display: flex; gap: 12px; align-items: center; padding: 48px; justify-content: center; }
.cf-header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 8px 24px; margin-bottom: 8px; }
h1.cf-header-title { margin: 0; font-size: 22px; }
.cf-header-facts { display: flex; gap: 24px; margin: 0; }
.cf-header-facts div { display: flex; gap: 6px; }
.cf-header-facts { flex-wrap: wrap; gap: 4px 24px; }
.cf-header-facts dt { color: rgba(0,0,0,0.65); }
.cf-header-facts dd { margin: 0; font-weight: 600; }
.cf-header-patient { font-size: 16px; }
.cf-not-recorded { color: rgba(0,0,0,0.6); font-weight: 400; font-style: italic; }
.cf-titlebar { position: sticky; top: 56px; z-index: 10; display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; padding: 10px 16px; background: #fff; border: 1px solid #f0f0f0; border-radius: 8px; margin-bottom: 12px; box-shadow: 0 1px 2px rgba(0,0,0,0.04); }
h2.cf-titlebar-title { margin: 0; font-size: 18px; }
.cf-titlebar-heading { display: flex; flex-direction: column; min-width: 0; }
.cf-titlebar-patient { font-weight: 600; color: rgba(0,0,0,0.75); overflow-wrap: anywhere; }
.cf-titlebar-buttons { margin-left: auto; }
.cf-close-slot { display: flex; align-items: center; margin-left: auto; padding-left: 16px; border-left: 1px solid #d9d9d9; }
.ant-btn.cf-close-case { background: #fff; color: #a8071a; border: 2px solid #a8071a; font-weight: 600; }
.ant-btn.cf-close-case:not(:disabled):hover { background: #a8071a; color: #fff; border-color: #a8071a; }
.ant-btn.cf-reopen { font-weight: 600; }
.ant-btn.cf-leave-button { color: #a8071a; border-color: #a8071a; }
.cf-draft-banner { margin-bottom: 12px; }
.cf-body { display: flex; gap: 16px; align-items: flex-start; }
.cf-sidebar { flex: 0 0 280px; position: sticky; top: 124px; max-height: calc(100vh - 140px); overflow-y: auto; background: #fff; border: 1px solid #f0f0f0; border-radius: 8px; }
.cf-main { flex: 1; min-width: 0; }
.cf-nav ul { list-style: none; margin: 0; padding: 8px; }
.cf-nav-item { display: flex; align-items: center; gap: 10px; padding: 10px 12px; border-radius: 6px; color: rgba(0,0,0,0.88); text-decoration: none; }
.cf-nav-item:hover { background: #f9ecef; color: #8a1538; }
.cf-nav-item:focus-visible { outline: 2px solid #8a1538; outline-offset: -2px; }
.cf-nav-passing .cf-nav-icon { color: #389e0d; }
.cf-nav-failing .cf-nav-icon { color: #cf1322; }
.cf-section { background: #fff; border: 1px solid #f0f0f0; border-radius: 8px; padding: 16px 20px; margin-bottom: 16px; scroll-margin-top: 130px; }
h2.cf-section-title { font-size: 18px; margin: 0 0 12px; }
h2.cf-section-title:focus { outline: none; }
h2.cf-section-title:focus-visible { outline: 2px solid #8a1538; outline-offset: 2px; }
.cf-section-subtitle { margin: -8px 0 12px; color: rgba(0,0,0,0.6); }
.cf-subsection { margin-top: 16px; padding-top: 12px; border-top: 1px dashed #f0f0f0; }
h3.cf-subsection-title { font-size: 15px; margin: 0 0 8px; color: #8a1538; }
.cf-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 4px 16px; }
.cf-grid-score { grid-template-columns: repeat(auto-fill, minmax(130px, 1fr)); }
.cf-field { display: flex; flex-direction: column; gap: 4px; min-width: 0; padding: 4px 0; scroll-margin-top: 140px; }
.cf-field-wide { grid-column: 1 / -1; }
.cf-query-marker { margin-left: 6px; padding: 0 6px; border-radius: 8px; background: #e6f4ff; color: #0958d9; font-size: 12px; font-weight: normal; }
.cf-queries { margin-top: 24px; padding-top: 12px; border-top: 1px solid #f0f0f0; }
.cf-query-thread { margin: 0; padding-left: 18px; }
.cf-query-raise { margin-top: 12px; }
.cf-label { font-weight: 500; }
.cf-hint { color: rgba(0,0,0,0.65); font-size: 12px; }
.cf-error, .cf-error-inline { color: #cf1322; font-size: 13px; min-height: 18px; }
.cf-error:empty { min-height: 0; }
.cf-group-invalid { outline: 1px solid #ff4d4f; border-radius: 6px; outline-offset: 3px; }
.cf-select { width: 100%; min-width: 160px; }
.cf-select-wide { max-width: 560px; }
.cf-date { width: 100%; }
.cf-derived input, input.cf-derived { background: #fafafa; }
.cf-inline { display: flex; gap: 8px; align-items: center; max-width: 420px; }
.cf-note { color: rgba(0,0,0,0.65); margin: 4px 0; grid-column: 1 / -1; }
.cf-neonatal { margin-top: 16px; }
.cf-infant { border: 1px solid #f0f0f0; border-radius: 8px; padding: 8px 16px; margin-bottom: 12px; background: #fffafb; }
h4.cf-infant-title { margin: 4px 0 8px; font-size: 14px; }
.cf-entries { list-style: none; margin: 0 0 6px; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.cf-entries-empty { color: rgba(0,0,0,0.65); }
.cf-entry { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; padding: 4px 8px; background: #fafafa; border-radius: 6px; }
.cf-entry-name { flex: 1 1 240px; }
.cf-entry-category { color: rgba(0,0,0,0.65); }
.cf-entry-stage { width: 140px; }
.cf-entry-others { flex: 1 1 200px; max-width: 320px; }
.cf-picker { padding: 12px; display: flex; flex-direction: column; gap: 8px; }
.cf-picker-head { display: flex; align-items: center; gap: 8px; }
h2.cf-picker-title { font-size: 16px; margin: 0; }
.cf-picker-count { margin: 0; color: rgba(0,0,0,0.6); font-size: 12px; }
.cf-picker-category { border: 0; margin: 0 0 8px; padding: 0; }
.cf-picker-category legend { font-weight: 600; font-size: 13px; margin-bottom: 4px; color: #8a1538; }
.cf-picker-item { padding: 2px 0; }
.cf-picker-others { margin: 4px 0 4px 24px; width: calc(100% - 24px); }
.cf-close-alert { font-weight: 600; }
.cf-close-errors { list-style: none; padding: 0; margin: 0; max-height: 50vh; overflow-y: auto; }
.cf-close-errors li { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 8px; }
.cf-close-error-link { padding: 0; height: auto; }
.cf-close-error-message { color: #cf1322; }
.cf-close-error-section { color: rgba(0,0,0,0.65); font-size: 12px; }
.cf-conflict-actions { margin: 12px 0; }
.cf-conflict-table { width: 100%; border-collapse: collapse; }
.cf-conflict-table th, .cf-conflict-table td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #f0f0f0; vertical-align: top; }
.cf-conflict-choice { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; width: 100%; }
.cf-value { display: block; min-height: 32px; padding: 5px 0; color: rgba(0,0,0,0.88); font-size: 14px; overflow-wrap: anywhere; }
.cf-entry-details { color: rgba(0,0,0,0.75); }
.cf-none-answer { white-space: normal; height: auto; min-height: 32px; text-align: left; }
.cf-entries + .ant-btn, .cf-entries ~ .cf-none-answer { margin: 4px 8px 0 0; }
.cf-sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0,0,0,0); white-space: nowrap; border: 0; }
@media (max-width: 1279px) {
  .cf-body { flex-direction: column; align-items: stretch; }
  .cf-sidebar { position: static; flex-basis: auto; width: 100%; max-height: none; }
  .cf-nav ul { display: flex; flex-wrap: wrap; gap: 2px 4px; padding: 4px 8px; }
  .cf-nav-item { padding: 6px 10px; }
}
@media (max-width: 1023px) {
  .cf-titlebar { top: 52px; }
  .cf-close-slot { border-left: 0; padding-left: 0; }
}
`;

export function CaseFormStyles() {
  return <style>{CSS}</style>;
}
