import { Typography } from 'antd';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ErrorEnvelope, FieldError } from '@pnss/libs/api';
import { MESSAGES } from '@pnss/libs/validation';

/** The failing fields of a refused close (422), or null when the error is something else. */
export function closeCheckFailures(error: unknown): FieldError[] | null {
  const fetchError = error as FetchBaseQueryError | undefined;
  if (!fetchError || fetchError.status !== 422) return null;
  const data = fetchError.data as Partial<ErrorEnvelope> | undefined;
  return Array.isArray(data?.errors) ? data.errors : [];
}

/**
 * SPEC.md §5: 'Please fill out the following required fields correctly before closing the case :'
 * followed by the field labels, each with its section and what is wrong.
 */
export function CloseCheckContent({ errors }: { errors: FieldError[] }) {
  return (
    <div>
      <Typography.Paragraph>{MESSAGES.closeCaseAlert}</Typography.Paragraph>
      <ul aria-label="Fields to correct" style={{ margin: 0, paddingLeft: 18, maxHeight: '50vh', overflowY: 'auto' }}>
        {errors.map((error, index) => (
          <li key={`${error.field}-${index}`}>
            <Typography.Text strong>{error.label ?? error.field}</Typography.Text>
            {error.section ? <Typography.Text type="secondary"> ({error.section})</Typography.Text> : null}
            {error.message ? <Typography.Text type="secondary">: {error.message}</Typography.Text> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
