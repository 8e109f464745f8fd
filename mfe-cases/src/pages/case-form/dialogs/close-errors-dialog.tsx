import { Button, Modal } from 'antd';
import { MESSAGES, type FieldError } from '@pnss/libs';

/**
 * SPEC.md §4, §5: Close found fields to complete. The spec's alert, then each failing field as a
 * link that closes the dialog and puts the keyboard on that field.
 */
export function CloseErrorsDialog({
  errors, onJump, onClose,
}: { errors: readonly FieldError[]; onJump: (field: string) => void; onClose: () => void }) {
  return (
    <Modal
      open
      title="Cannot close the case yet"
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
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
            <Button type="link" className="cf-close-error-link" data-error-field={error.field} onClick={() => onJump(error.field)}>
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
