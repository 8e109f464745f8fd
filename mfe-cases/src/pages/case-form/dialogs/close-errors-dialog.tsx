import { useRef, useState } from 'react';
import { Button, Modal } from 'antd';
import { MESSAGES, type FieldError } from '@pnss/libs';

/**
 * SPEC.md §4, §5: Close found fields to complete. The spec's alert, then each failing field as a
 * link that closes the dialog and puts the keyboard on that field. The field gets the focus
 * once the dialog has finished closing, so the dialog's own focus return cannot take it back.
 */
export function CloseErrorsDialog({
  errors, onJump, onClosed,
}: { errors: readonly FieldError[]; onJump: (field: string) => void; onClosed: () => void }) {
  const [open, setOpen] = useState(true);
  const target = useRef<string | null>(null);
  const [jumping, setJumping] = useState(false);
  return (
    <Modal
      open={open}
      title="Cannot close the case yet"
      onCancel={() => setOpen(false)}
      focusTriggerAfterClose={!jumping}
      afterClose={() => {
        onClosed();
        if (target.current) onJump(target.current);
      }}
      footer={
        <Button type="primary" onClick={() => setOpen(false)}>
          OK
        </Button>
      }
    >
      <p role="alert" className="cf-close-alert">
        {MESSAGES.closeCaseAlert}
      </p>
      <ul className="cf-close-errors" aria-label="Fields to complete">
        {errors.map((error) => (
          <li key={error.field}>
            <Button
              type="link"
              className="cf-close-error-link"
              data-error-field={error.field}
              onClick={() => {
                target.current = error.field;
                setJumping(true);
                setOpen(false);
              }}
            >
              {error.label ?? error.field}
            </Button>
            <span className="cf-close-error-message">{error.message}</span>
            {error.section ? <span className="cf-close-error-section">{error.section}</span> : null}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
