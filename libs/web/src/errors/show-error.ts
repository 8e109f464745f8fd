import type { FormInstance } from 'antd';
import { describeError, type ErrorNotice } from './describe-error.js';
import { toast } from '../toast/toast.js';

/**
 * Shows a failed call to the user: field errors on the form (when one is given), the message as
 * a toast. A 401 shows nothing here: the API base has already sent the user to login.
 */
export function showError(error: unknown, form?: Pick<FormInstance, 'setFields'>): ErrorNotice {
  const notice = describeError(error);
  if (notice.sessionEnded) return notice;
  if (form && notice.fieldErrors.length > 0) {
    form.setFields(notice.fieldErrors.map((fieldError) => ({ name: fieldError.field, errors: [fieldError.message] })));
  }
  if (notice.message) toast.error(notice.message);
  return notice;
}
