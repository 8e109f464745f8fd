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
.national-outlier { font-weight: 600; color: #a8071a; }
@media (max-width: 1023px) {
  .national-grid { grid-template-columns: minmax(0, 1fr); }
}
`;

export function NationalStyles() {
  return <style>{CSS}</style>;
}
