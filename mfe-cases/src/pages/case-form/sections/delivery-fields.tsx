import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { Input, Select } from 'antd';
import type { CaseForm } from '@pnss/libs/api';
import { INFANT_COUNT_CHOICES, INFANT_COUNT_MAX, INFANT_COUNT_MIN_OTHERS } from '@pnss/libs/enums';
import { DELIVERY_INDICATIONS, findLookupEntry } from '@pnss/libs/lookups';
import { allowedDeliveryManners } from '@pnss/libs/rules';
import { FieldShell } from '../fields/field-shell.js';
import { useFieldBinding } from '../fields/field-binding.js';
import { ReadValue, UNKNOWN_CODE, lookupOptions } from '../fields/case-fields.js';
import { useCaseFormSelector } from '../state/case-form.context.js';
import type { CaseFormState } from '../state/case-form.store.js';

const OTHERS_CHOICE = INFANT_COUNT_CHOICES[INFANT_COUNT_CHOICES.length - 1].id;
const COUNT_OPTIONS = INFANT_COUNT_CHOICES.map((c) => ({ label: c.label, value: c.id }));

/** SPEC.md §4, §9: Two to Five, then Others opens a number input from 6 to 20. */
export const InfantsNumberField = memo(function InfantsNumberField() {
  const { value, set } = useFieldBinding('infantsNumber');
  const count = typeof value === 'number' ? value : null;
  const others = count !== null && count >= INFANT_COUNT_MIN_OTHERS;
  return (
    <FieldShell path="infantsNumber" wide>
      {(c) => c.disabled ? (
        <ReadValue control={c} text={count === null ? null : String(count)} />
      ) : (
        <div className="cf-inline">
          <Select<number | null>
            id={c.id}
            aria-invalid={c.invalid || undefined}
            aria-describedby={c.describedBy}
            status={c.invalid ? 'error' : undefined}
            disabled={c.disabled}
            value={others ? OTHERS_CHOICE : count}
            options={COUNT_OPTIONS}
            onChange={(next) => set(next === OTHERS_CHOICE ? INFANT_COUNT_MIN_OTHERS : next)}
            className="cf-select"
          />
          {others ? <InfantCountInput count={count} errorId={c.errorId} disabled={c.disabled} onCount={set} /> : null}
        </div>
      )}
    </FieldShell>
  );
});

/**
 * The number input for more than five infants. What is typed stays as typed; only a whole number
 * from 6 to 20 becomes the count, so a half-typed '1' of '12' never resizes the neonatal list.
 */
function InfantCountInput({
  count, errorId, disabled, onCount,
}: { count: number | null; errorId: string; disabled: boolean; onCount: (n: number) => void }) {
  const [text, setText] = useState(count === null ? '' : String(count));
  useEffect(() => {
    setText((shown) => (Number(shown) === count ? shown : count === null ? '' : String(count)));
  }, [count]);
  const n = Number(text);
  const valid = text !== '' && Number.isInteger(n) && n >= INFANT_COUNT_MIN_OTHERS && n <= INFANT_COUNT_MAX;
  const hintId = `${errorId}-count`;
  return (
    <>
      <Input
        inputMode="numeric"
        aria-label={`Number of infants (${INFANT_COUNT_MIN_OTHERS} to ${INFANT_COUNT_MAX})`}
        aria-describedby={`${errorId} ${hintId}`}
        aria-invalid={!valid || undefined}
        status={valid ? undefined : 'error'}
        disabled={disabled}
        value={text}
        onChange={(e) => {
          const typed = e.target.value;
          setText(typed);
          const next = Number(typed);
          if (typed !== '' && Number.isInteger(next) && next >= INFANT_COUNT_MIN_OTHERS && next <= INFANT_COUNT_MAX) onCount(next);
        }}
        className="cf-number"
      />
      <span id={hintId} className={valid ? 'cf-hint' : 'cf-error-inline'} role={valid ? undefined : 'alert'}>
        {valid ? '' : `Invalid Value: enter ${INFANT_COUNT_MIN_OTHERS} to ${INFANT_COUNT_MAX}`}
      </span>
    </>
  );
}

const tolacOf = (s: CaseFormState) => s.form.isTOLAC;

/** The manner of delivery; TOLAC yes narrows the choices to 1, 10, 11, 12 (libs allowedDeliveryManners). */
export const MannerField = memo(function MannerField({ path, label }: { path: 'deliveryManner' | 'deliveryManner2'; label?: string }) {
  const { value, set } = useFieldBinding(path);
  const tolac = useCaseFormSelector(tolacOf);
  const options = useMemo(
    () => allowedDeliveryManners({ isTOLAC: tolac } as Partial<CaseForm>).map((m) => ({ label: m.label, value: m.id })),
    [tolac],
  );
  return (
    <FieldShell path={path} label={label} wide>
      {(c) => c.disabled ? (
        <ReadValue control={c} text={typeof value === 'number' ? (options.find((o) => o.value === value)?.label ?? UNKNOWN_CODE) : null} />
      ) : (
        <Select<number | null>
          id={c.id}
          aria-invalid={c.invalid || undefined}
          aria-describedby={c.describedBy}
          status={c.invalid ? 'error' : undefined}
          disabled={c.disabled}
          value={typeof value === 'number' ? value : null}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Select"
          options={options}
          onChange={(next) => set(next ?? null)}
          className="cf-select cf-select-wide"
          virtual={false}
        />
      )}
    </FieldShell>
  );
});

/** The indications of the manner chosen (caesarean, forceps or vacuum lists of @pnss/libs). */
export const IndicationsField = memo(function IndicationsField({
  path, mannerPath,
}: { path: 'deliveryIndication' | 'deliveryIndication2'; mannerPath: 'deliveryManner' | 'deliveryManner2' }) {
  const { value, set } = useFieldBinding(path);
  const { value: manner } = useFieldBinding(mannerPath);
  const options = useMemo(() => lookupOptions(findLookupEntry(DELIVERY_INDICATIONS, manner)?.conditions ?? []), [manner]);
  const chosen = Array.isArray(value) ? (value as number[]) : [];
  const onChange = useCallback((next: number[]) => set(next), [set]);
  return (
    <FieldShell path={path} wide>
      {(c) => c.disabled ? (
        <ReadValue control={c} text={chosen.map((id) => options.find((o) => o.value === id)?.label ?? UNKNOWN_CODE).join(', ')} />
      ) : (
        <Select<number[]>
          id={c.id}
          mode="multiple"
          aria-invalid={c.invalid || undefined}
          aria-describedby={c.describedBy}
          status={c.invalid ? 'error' : undefined}
          disabled={c.disabled}
          value={chosen}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Select one or more"
          options={options}
          onChange={onChange}
          className="cf-select cf-select-wide"
          virtual={false}
        />
      )}
    </FieldShell>
  );
});
