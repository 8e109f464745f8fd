import { useMemo, useState } from 'react';
import { Alert, Button, Modal, Radio, Space } from 'antd';
import { CASE_BOOKKEEPING_FIELDS, CASE_FORM_FIELDS, type CaseForm } from '@pnss/libs/api';
import { sameValue } from '@pnss/libs/rules';
import { fieldMeta } from '@pnss/libs/validation';
import { formatFieldValue } from './field-value.js';

/**
 * Never offered as a choice: the case's identity, version and server-owned fields (the libs
 * list), and the gyne draft the form does not edit.
 */
const NOT_CHOSEN = new Set<keyof CaseForm>([...CASE_BOOKKEEPING_FIELDS, 'gyneForm']);

export interface ConflictRow {
  field: keyof CaseForm;
  label: string;
  mine: string;
  theirs: string;
}

/** The fields where the user's version and the newer stored one disagree. */
export function conflictRows(mine: CaseForm, theirs: CaseForm): ConflictRow[] {
  return CASE_FORM_FIELDS.filter((f) => !NOT_CHOSEN.has(f) && !sameValue(mine[f], theirs[f])).map((field) => ({
    field,
    label: fieldMeta(field).label,
    mine: formatFieldValue(field, mine[field]),
    theirs: formatFieldValue(field, theirs[field]),
  }));
}

/**
 * The save met a newer version (409): both versions side by side, field by field, and the user
 * keeps theirs or takes the newer one for each. Applying builds the form to save on the newer
 * version; nothing is lost silently.
 */
export function ConflictDialog({
  mine, theirs, onApply, onCancel,
}: { mine: CaseForm; theirs: CaseForm; onApply: (merged: CaseForm) => void; onCancel: () => void }) {
  const rows = useMemo(() => conflictRows(mine, theirs), [mine, theirs]);
  const [choice, setChoice] = useState<Record<string, 'mine' | 'theirs'>>(() => Object.fromEntries(rows.map((r) => [r.field, 'mine'])));
  const setAll = (value: 'mine' | 'theirs') => setChoice(Object.fromEntries(rows.map((r) => [r.field, value])));
  const apply = () => {
    const merged: CaseForm = { ...theirs };
    for (const row of rows) {
      if (choice[row.field] === 'mine') (merged as unknown as Record<string, unknown>)[row.field] = mine[row.field];
    }
    onApply(merged);
  };
  return (
    <Modal
      open
      title="This case was changed by someone else"
      onCancel={onCancel}
      width={880}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          Decide later
        </Button>,
        <Button key="apply" type="primary" onClick={apply}>
          Apply and save
        </Button>,
      ]}
    >
      <Alert
        type="warning"
        showIcon
        title={`The case was saved by someone else (version ${theirs.version}) after you opened it. For each field, keep your value or take theirs.`}
      />
      <Space className="cf-conflict-actions">
        <Button onClick={() => setAll('mine')}>Keep all mine</Button>
        <Button onClick={() => setAll('theirs')}>Take all theirs</Button>
      </Space>
      {rows.length === 0 ? <p>Both versions hold the same values: applying saves yours on the newer version.</p> : null}
      <table className="cf-conflict-table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Yours</th>
            <th scope="col">Newer saved version</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field} data-conflict-field={row.field}>
              <th scope="row">{row.label}</th>
              <td colSpan={2}>
                <Radio.Group
                  name={`cf-conflict-${row.field}`}
                  aria-label={`Which value of ${row.label} to keep`}
                  value={choice[row.field]}
                  onChange={(e) => setChoice((c) => ({ ...c, [row.field]: e.target.value as 'mine' | 'theirs' }))}
                  className="cf-conflict-choice"
                >
                  <Radio value="mine">{row.mine}</Radio>
                  <Radio value="theirs">{row.theirs}</Radio>
                </Radio.Group>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
