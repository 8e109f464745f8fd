import { HIDDEN_TOTAL_TEXT, SUPPRESSED_TEXT, SUPPRESSION_NOTE, type CellMark } from '@pnss/libs/reports';

/** What a screen reader says for a suppressed cell: words, never a number it could take for the count. */
export const SMALL_CELL_WORDS = 'suppressed, between 1 and 4';
export const HIDDEN_CELL_WORDS = 'hidden, it would reveal a suppressed count';

/**
 * One count or rate as the society publishes it: the value, or the mark of a suppressed cell ('†'
 * for a count from 1 to 4, 'x' for a figure that would give one back), set in italics with its
 * meaning in words for assistive technology, so that it is never read as a value.
 */
export function Marked({ mark, children }: { mark: CellMark; children?: string }) {
  if (mark === 'small') {
    return (
      <abbr className="national-mark" title={SMALL_CELL_WORDS} aria-label={SMALL_CELL_WORDS}>
        {SUPPRESSED_TEXT}
      </abbr>
    );
  }
  if (mark === 'hidden') {
    return (
      <abbr className="national-mark" title={HIDDEN_CELL_WORDS} aria-label={HIDDEN_CELL_WORDS}>
        {HIDDEN_TOTAL_TEXT}
      </abbr>
    );
  }
  return <>{children}</>;
}

/** The legend every suppressed view carries. */
export function SuppressionLegend() {
  return (
    <p className="national-legend" role="note">
      {SUPPRESSION_NOTE}
    </p>
  );
}
