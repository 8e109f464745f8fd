import { useRef, useState } from 'react';
import { Button, Modal } from 'antd';
import type { FieldError } from '@pnss/libs/api';
import { MESSAGES } from '@pnss/libs/validation';

/**
 * SPEC.md §4, §5: Close found fields to complete, whoever asked (the case form's title bar or a
 * card of the patient preview) and whoever found them (the form's libs check or the server's 422).
 * The spec's alert, then each failing field; on the case form each is a link that closes the
 * dialog and puts the keyboard on that field once the dialog has finished closing.
 */
export function CloseErrorsDialog({
  errors, caseNum, onJump, onClosed,
}: { errors: readonly FieldError[]; caseNum?: string; onJump?: (field: string) => void; onClosed: () => void }) {
  const [open, setOpen] = useState(true);
  const target = useRef<string | null>(null);
  const [jumping, setJumping] = useState(false);
  return (
    <Modal
      open={open}
      title={caseNum ? `Case # ${caseNum} cannot be closed yet` : 'Cannot close the case yet'}
      onCancel={() => setOpen(false)}
      focusable={{ focusTriggerAfterClose: !jumping }}
      afterClose={() => {
        onClosed();
        if (target.current && onJump) onJump(target.current);
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
        {errors.map((error, index) => (
          <li key={`${error.field}-${index}`}>
            {onJump ? (
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
            ) : (
              <strong data-error-field={error.field}>{error.label ?? error.field}</strong>
            )}
            <span className="cf-close-error-message">{error.message}</span>
            {error.section ? <span className="cf-close-error-section">{error.section}</span> : null}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
