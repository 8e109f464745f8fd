const FOCUSABLE = [
  'input:not([type="hidden"]):not([disabled]):not([readonly])',
  'input[readonly]',
  'button:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** Scrolls a field into view and puts the keyboard on its control (the close dialog's links). */
export function focusField(path: string, root: ParentNode = document): boolean {
  const field = root.querySelector<HTMLElement>(`[data-field="${cssEscape(path)}"]`);
  if (!field) return false;
  field.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  // A checked radio is the one the keyboard lands on in a group.
  const target = field.querySelector<HTMLElement>('input[type="radio"]:checked') ?? field.querySelector<HTMLElement>(FOCUSABLE);
  target?.focus({ preventScroll: true });
  return true;
}

/** Scrolls to a body section and moves focus to its heading, so keyboard users continue from there. */
export function focusSection(sectionId: string): void {
  const section = document.getElementById(sectionId);
  if (!section) return;
  section.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  const heading = section.querySelector<HTMLElement>('h2');
  if (heading) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
}

function cssEscape(value: string): string {
  return typeof CSS !== 'undefined' && typeof CSS.escape === 'function' ? CSS.escape(value) : value.replace(/["\\[\]]/g, '\\$&');
}
