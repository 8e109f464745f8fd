import { memo, useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { Button, Checkbox, Input, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_DISPLAY_FORMAT, DateInput } from '@pnss/web';
import { BOOLEAN_CHOICES, PRESENCE_CHOICES, type CodeTable } from '@pnss/libs/enums';
import type { LookupEntry } from '@pnss/libs/lookups';
import { MESSAGES, checkNumberInput, describeLimit, parseNumberInput } from '@pnss/libs/validation';
import { FieldShell, type ControlProps } from './field-shell.js';
import { useFieldBinding } from './field-binding.js';
import { useCaseFormStore } from '../state/case-form.context.js';
import { isNoneLabel, noneFirst } from './none-answer.js';

interface BaseFieldProps {
  path: string;
  label?: string;
  hint?: string;
  wide?: boolean;
}

/**
 * A closed case is a read-only view (issue 14): the answer as text in the normal text colour,
 * not a greyed-out input; an empty answer reads 'Not recorded', a stored code the lookup does
 * not know reads 'N/A!' (SPEC.md §3).
 */
export function ReadValue({ control: c, text }: { control: ControlProps; text: string | null }) {
  return (
    <output id={c.id} className="cf-value" aria-labelledby={c.labelId}>
      {text === null || text === '' ? <span className="cf-not-recorded">Not recorded</span> : text}
    </output>
  );
}

export const UNKNOWN_CODE = 'N/A!';

function codeText(value: unknown, options: ReadonlyArray<{ value: unknown; label: string }>): string | null {
  if (value === null || value === undefined) return null;
  return options.find((o) => o.value === value)?.label ?? UNKNOWN_CODE;
}

const aria = (c: ControlProps) => ({
  'aria-invalid': c.invalid || undefined,
  'aria-describedby': c.describedBy,
});

/** A YES/NO question (SPEC.md §3 Boolean), or WITH/WITHOUT for a presence question. */
export const YesNoField = memo(function YesNoField({ path, label, hint, presence }: BaseFieldProps & { presence?: boolean }) {
  const { value, set } = useFieldBinding(path);
  const table = presence ? PRESENCE_CHOICES : BOOLEAN_CHOICES;
  return (
    <FieldShell path={path} label={label} hint={hint} kind="group">
      {(c) => c.disabled ? (
        <ReadValue control={c} text={codeText(typeof value === 'boolean' ? value : null, table.map((o) => ({ label: o.label, value: o.id === 1 })))} />
      ) : (
        <Radio.Group
          id={c.id}
          name={c.id}
          aria-labelledby={c.labelId}
          {...aria(c)}
          disabled={c.disabled}
          value={typeof value === 'boolean' ? value : null}
          onChange={(e) => set(e.target.value as boolean)}
          options={table.map((o) => ({ label: o.label, value: o.id === 1 }))}
          className={c.invalid ? 'cf-group-invalid' : undefined}
        />
      )}
    </FieldShell>
  );
});

/** One choice from a code table of @pnss/libs: radios for a short list, a searchable select otherwise. */
export const CodeField = memo(function CodeField({
  path, label, hint, wide, table, control,
}: BaseFieldProps & { table: CodeTable; control?: 'radio' | 'select' }) {
  const { value, set } = useFieldBinding(path);
  const asRadio = control ? control === 'radio' : table.length <= 3;
  const options = useMemo(() => noneFirst(table.map((o) => ({ label: o.label, value: o.id })), (o) => o.label), [table]);
  return (
    <FieldShell path={path} label={label} hint={hint} wide={wide} kind={asRadio ? 'group' : 'label'}>
      {(c) =>
        c.disabled ? (
          <ReadValue control={c} text={codeText(value, options)} />
        ) : asRadio ? (
          <Radio.Group
            id={c.id}
            name={c.id}
            aria-labelledby={c.labelId}
            {...aria(c)}
            disabled={c.disabled}
            value={typeof value === 'number' ? value : null}
            onChange={(e) => set(e.target.value as number)}
            options={options}
            className={c.invalid ? 'cf-group-invalid' : undefined}
          />
        ) : (
          <ChoiceSelect control={c} value={typeof value === 'number' ? value : null} options={options} onChange={set} />
        )
      }
    </FieldShell>
  );
});

/** A choice among the entries of a reference list (categories or their conditions); phased-out entries disabled. */
export const LookupField = memo(function LookupField({
  path, label, hint, wide, entries,
}: BaseFieldProps & { entries: readonly LookupEntry[] }) {
  const { value, set } = useFieldBinding(path);
  const options = useMemo(() => noneFirst(lookupOptions(entries), (o) => o.label), [entries]);
  return (
    <FieldShell path={path} label={label} hint={hint} wide={wide}>
      {(c) => c.disabled ? (
        <ReadValue control={c} text={codeText(value, options)} />
      ) : (
        <ChoiceSelect control={c} value={typeof value === 'number' ? value : null} options={options} onChange={set} />
      )}
    </FieldShell>
  );
});

export function lookupOptions(entries: readonly LookupEntry[]) {
  return entries.map((e) => ({
    label: e.hidden ? `${e.name} (PHASED OUT)` : e.name,
    value: e.id,
    disabled: e.hidden === true,
  }));
}

interface Option {
  label: string;
  value: number;
  disabled?: boolean;
}

function ChoiceSelect({
  control: c, value, options, onChange,
}: { control: ControlProps; value: number | null; options: Option[]; onChange: (v: unknown) => void }) {
  const none = options.find((o) => isNoneLabel(o.label) && !o.disabled);
  const select = (
    <Select<number | null>
      id={c.id}
      {...aria(c)}
      status={c.invalid ? 'error' : undefined}
      disabled={c.disabled}
      value={value}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="Select"
      options={options}
      onChange={(next) => onChange(next ?? null)}
      className="cf-select"
      popupMatchSelectWidth={false}
      virtual={false}
    />
  );
  if (!none || value !== null) return select;
  // The 'None' answer, one click away beside the list it heads.
  return (
    <div className="cf-inline">
      {select}
      <Button className="cf-none-answer" onClick={() => onChange(none.value)} aria-label={`Answer ${none.label}`}>
        {none.label}
      </Button>
    </div>
  );
}

/** Several codes of one table (PCOS symptoms), as checkboxes. */
export const CodeListField = memo(function CodeListField({ path, label, hint, table }: BaseFieldProps & { table: CodeTable }) {
  const { value, set } = useFieldBinding(path);
  const chosen = Array.isArray(value) ? (value as number[]) : [];
  return (
    <FieldShell path={path} label={label} hint={hint} kind="group" wide>
      {(c) => c.disabled ? (
        <ReadValue control={c} text={chosen.map((id) => table.find((o) => o.id === id)?.label ?? UNKNOWN_CODE).join(', ')} />
      ) : (
        <div role="group" id={c.id} aria-labelledby={c.labelId} {...aria(c)} className={c.invalid ? 'cf-group-invalid' : undefined}>
          <Checkbox.Group
            disabled={c.disabled}
            value={chosen}
            onChange={(next) => set(table.map((o) => o.id).filter((id) => next.includes(id)))}
            options={table.map((o) => ({ label: o.label, value: o.id }))}
          />
        </div>
      )}
    </FieldShell>
  );
});

/** A ticked box (the MIGS PSGE and PSRM fellowships). */
export const CheckField = memo(function CheckField({ path, label }: BaseFieldProps) {
  const { value, set } = useFieldBinding(path);
  return (
    <FieldShell path={path} label={label} kind="group">
      {(c) => c.disabled ? (
        <ReadValue control={c} text={value === true ? 'Yes' : 'No'} />
      ) : (
        <Checkbox
          id={c.id}
          aria-labelledby={c.labelId}
          {...aria(c)}
          disabled={c.disabled}
          checked={value === true}
          onChange={(e) => set(e.target.checked)}
        >
          Yes
        </Checkbox>
      )}
    </FieldShell>
  );
});

/**
 * A number typed as text (issue 14 item 5, libs plausibility): what is typed is kept as typed;
 * text that is not a number says 'Invalid Value' while typing and stays 'Invalid Value' (never
 * 'required'); a number outside the field's hard limit is an error once the field is left; the
 * limits are written next to the field ('100–230 cm').
 */
export const NumberField = memo(function NumberField({
  path, label, hint, suffix, integer,
}: BaseFieldProps & { suffix?: string; integer?: boolean }) {
  const store = useCaseFormStore();
  const { value, set } = useFieldBinding(path);
  const current = typeof value === 'number' ? value : null;
  const [text, setText] = useState(current === null ? '' : String(current));
  const [unreadable, setUnreadable] = useState(false);
  useEffect(() => {
    // The store changed the number (a derived value, a restored draft): show it.
    setText((shown) => {
      const parsed = parseNumberInput(shown);
      // Unreadable text is kept as typed (its stored value is empty), so the user can correct it.
      if (parsed === current || (parsed === undefined && current === null)) return shown;
      return current === null ? '' : String(current);
    });
  }, [current]);
  useEffect(() => () => store.setUnreadable(path, false), [store, path]);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    setText(typed);
    const parsed = parseNumberInput(typed);
    const bad = checkNumberInput(typed) !== null;
    setUnreadable(bad);
    store.setUnreadable(path, bad);
    const next = parsed === undefined ? null : parsed;
    if (next !== current) set(next);
  };
  const limit = describeLimit(path);
  const shownHint = [limit, hint].filter(Boolean).join(' · ') || undefined;
  return (
    <FieldShell path={path} label={label} hint={shownHint}>
      {(c) => c.disabled ? (
        <ReadValue control={c} text={current === null ? null : `${current}${suffix ? ` ${suffix}` : ''}`} />
      ) : (
        <>
          <Input
            id={c.id}
            {...aria(c)}
            aria-invalid={c.invalid || unreadable || undefined}
            status={c.invalid || unreadable ? 'error' : undefined}
            inputMode={integer ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={text}
            onChange={onChange}
            suffix={suffix}
            className="cf-number"
          />
          {unreadable && !c.invalid ? <div className="cf-error-inline" role="alert">{MESSAGES.invalidValue}</div> : null}
        </>
      )}
    </FieldShell>
  );
});

export const TextField = memo(function TextField({ path, label, hint, wide }: BaseFieldProps) {
  const { value, set } = useFieldBinding(path);
  return (
    <FieldShell path={path} label={label} hint={hint} wide={wide}>
      {(c) => c.disabled ? (
        <ReadValue control={c} text={typeof value === 'string' ? value : null} />
      ) : (
        <Input
          id={c.id}
          {...aria(c)}
          status={c.invalid ? 'error' : undefined}
          disabled={c.disabled}
          autoComplete="off"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => set(e.target.value === '' ? null : e.target.value)}
        />
      )}
    </FieldShell>
  );
});

/** A calendar date, typed as MM/DD/YYYY (SPEC.md §5) or picked; stored as 'YYYY-MM-DD'. */
export const DateField = memo(function DateField({ path, label, hint }: BaseFieldProps) {
  const { value, set } = useFieldBinding(path);
  const day: Dayjs | null = typeof value === 'string' && dayjs(value, 'YYYY-MM-DD', true).isValid() ? dayjs(value, 'YYYY-MM-DD') : null;
  return (
    <FieldShell path={path} label={label} hint={hint}>
      {(c) => c.disabled ? (
        <ReadValue control={c} text={day ? day.format(DATE_DISPLAY_FORMAT) : null} />
      ) : (
        <DateInput
          id={c.id}
          {...aria(c)}
          status={c.invalid ? 'error' : undefined}
          disabled={c.disabled}
          value={day}
          onChange={(next) => set(next ? next.format('YYYY-MM-DD') : null)}
          placeholder="MM/DD/YYYY"
          className="cf-date"
        />
      )}
    </FieldShell>
  );
});

/** A value the rules compute (age, BMI, the AOG range of an exact AOG): shown, never typed. */
export const DerivedField = memo(function DerivedField({ path, label, hint, format }: BaseFieldProps & { format?: (v: unknown) => string }) {
  const { value } = useFieldBinding(path);
  const shown = value === null || value === undefined ? '' : format ? format(value) : String(value);
  return (
    <FieldShell path={path} label={label} hint={hint}>
      {(c) => c.disabled ? (
        <ReadValue control={c} text={shown} />
      ) : (
        <Input id={c.id} {...aria(c)} status={c.invalid ? 'error' : undefined} readOnly value={shown} placeholder="Computed" className="cf-derived" />
      )}
    </FieldShell>
  );
});
