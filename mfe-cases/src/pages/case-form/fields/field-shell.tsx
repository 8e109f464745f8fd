import { memo, useCallback, type FocusEvent, type ReactNode } from 'react';
import { useCaseFormStore, useReadOnly, useVisibleError } from '../state/case-form.context.js';
import { fieldDomId, labelOf } from './field-binding.js';
import { useIsQueried } from '../queries/queried-fields.context.js';

const INFANT_PATH = /^neonatal\[(\d+)\]\./;

/** What a control needs to be labelled, described and flagged like every other field. */
export interface ControlProps {
  id: string;
  labelId: string;
  errorId: string;
  /** The error message and the hint, for aria-describedby. */
  describedBy: string;
  invalid: boolean;
  disabled: boolean;
}

interface FieldShellProps {
  path: string;
  label?: string;
  /** 'label' for a single control (a <label for>), 'group' for radios and checkboxes (aria-labelledby). */
  kind?: 'label' | 'group';
  hint?: ReactNode;
  wide?: boolean;
  children: (control: ControlProps) => ReactNode;
}

/**
 * One field of the case form: its label, its control, and its problem. The problem shows once
 * the user leaves the field (or after a close attempt), in a live region the screen reader
 * announces, linked to the control by aria-describedby. `data-field` is what the close dialog's
 * links and the e2e flows find a field by.
 */
export const FieldShell = memo(function FieldShell({ path, label, kind = 'label', hint, wide, children }: FieldShellProps) {
  const store = useCaseFormStore();
  const error = useVisibleError(path);
  const readOnly = useReadOnly();
  const queried = useIsQueried(path);
  const id = fieldDomId(path);
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = hint ? `${errorId} ${hintId}` : errorId;
  const text = label ?? labelOf(path);
  const infant = INFANT_PATH.exec(path);
  // Every infant has the same fields: the hidden prefix keeps each control's name unique.
  const prefix = infant ? <span className="cf-sr-only">Infant {Number(infant[1]) + 1}: </span> : null;
  const onBlur = useCallback(
    (event: FocusEvent<HTMLDivElement>) => {
      const next = event.relatedTarget as Node | null;
      if (next && event.currentTarget.contains(next)) return;
      store.touch(path);
    },
    [store, path],
  );
  // Issue 31: a query not closed on this field shows beside its label.
  const marker = queried ? <span className="cf-query-marker" role="note">Query open</span> : null;
  return (
    <div className={`cf-field${wide ? ' cf-field-wide' : ''}${error ? ' cf-field-invalid' : ''}${queried ? ' cf-field-queried' : ''}`} data-field={path} onBlur={onBlur}>
      {kind === 'label' ? (
        <label id={labelId} htmlFor={id} className="cf-label">
          {prefix}
          {text}
          {marker}
        </label>
      ) : (
        <span id={labelId} className="cf-label">
          {prefix}
          {text}
          {marker}
        </span>
      )}
      {children({ id, labelId, errorId, describedBy, invalid: error !== null, disabled: readOnly })}
      {hint ? (
        <div id={hintId} className="cf-hint">
          {hint}
        </div>
      ) : null}
      <div id={errorId} className="cf-error" role="alert">
        {error ? error.message : ''}
      </div>
    </div>
  );
});
