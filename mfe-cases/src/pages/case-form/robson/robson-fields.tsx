import { memo, useCallback, useMemo } from 'react';
import { Button } from 'antd';
import { FETAL_PRESENTATIONS, LABOR_ONSETS } from '@pnss/libs/enums';
import { robsonGroup, type RobsonResult } from '@pnss/libs/classifications';
import { CodeField, NumberField } from '../fields/case-fields.js';
import { focusField } from '../layout/focus-field.js';
import { SubSection, When } from '../sections/section-frame.js';
import { useCaseFormSelector, useReadOnly } from '../state/case-form.context.js';
import type { CaseFormState } from '../state/case-form.store.js';

/** The result as text, so the store's selector answers the same value while the result is the same. */
const robsonOf = (s: CaseFormState): string => JSON.stringify(robsonGroup(s.form));

/**
 * The Robson group of the delivery, read-only, derived by libs `robsonGroup` from the answers on the
 * form: the group and its reason ('Multiparous, no previous CS, single cephalic, 37+ weeks, induced:
 * group 4a'), or 'Not classifiable' with the answers that are missing, each (on an open case) a
 * button that takes the keyboard to its field.
 */
export function RobsonGroupDisplay() {
  const readOnly = useReadOnly();
  const text = useCaseFormSelector(useCallback(robsonOf, []));
  const result = useMemo(() => JSON.parse(text) as RobsonResult, [text]);
  return (
    <div className="cf-robson" role="status" aria-live="polite" aria-labelledby="cf-robson-title">
      <span id="cf-robson-title" className="cf-robson-title">Robson group</span>
      {result.classifiable ? (
        <output className="cf-robson-group" data-robson-group={result.group}>
          <strong>Group {result.group}</strong>
          <span className="cf-robson-reason">{result.reason}</span>
        </output>
      ) : (
        <output className="cf-robson-group" data-robson-group="unclassifiable">
          <strong>Not classifiable</strong>
          <span className="cf-robson-reason">
            Missing:{' '}
            {result.missing.map((m, i) => (
              <span key={m.field}>
                {i > 0 ? ', ' : ''}
                {readOnly ? m.label : (
                  <Button type="link" size="small" className="cf-robson-missing" onClick={() => focusField(m.field)}>{m.label}</Button>
                )}
              </span>
            ))}
          </span>
        </output>
      )}
      <span className="cf-hint">Derived from parity, previous caesarean sections, onset of labor, presentation, number of fetuses and AOG on delivery (WHO Robson classification).</span>
    </div>
  );
}

const ROBSON_CSS = `
.cf-robson { grid-column: 1 / -1; display: flex; flex-direction: column; gap: 2px; padding: 8px 12px; background: #fafafa; border: 1px solid #f0f0f0; border-radius: 6px; }
.cf-robson-title { color: rgba(0,0,0,0.65); font-size: 13px; }
.cf-robson-group { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: baseline; font-size: 14px; }
.cf-robson-group strong { font-size: 16px; color: #8a1538; }
.cf-robson-reason { color: rgba(0,0,0,0.88); }
.ant-btn.cf-robson-missing { padding: 0; height: auto; color: #8a1538; text-decoration: underline; }
`;

/**
 * The three answers the Robson classification needs that the rest of the Delivery section does not
 * record (issue 28), and the group they give. Shown and required to close for every delivered case.
 */
export const RobsonFields = memo(function RobsonFields() {
  return (
    <When field="previousCaesareans">
      <style>{ROBSON_CSS}</style>
      <SubSection title="Robson Classification">
        <NumberField path="previousCaesareans" integer hint="0 when none" />
        <CodeField path="laborOnset" table={LABOR_ONSETS} control="radio" wide />
        <CodeField path="fetalPresentation" table={FETAL_PRESENTATIONS} control="radio" wide />
        <RobsonGroupDisplay />
      </SubSection>
    </When>
  );
});
