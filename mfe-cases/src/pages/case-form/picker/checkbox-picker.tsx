import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button, Checkbox, Input } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { CaseForm, HistoryEntry } from '@pnss/libs/api';
import { OTHERS_CONDITION_ID, PHASED_OUT_SUFFIX, searchLookup } from '@pnss/libs/lookups';
import { fieldMeta } from '@pnss/libs/validation';
import { useCaseFormStore, useFormValue, useReadOnly } from '../state/case-form.context.js';
import { PICKER_LISTS, type PickerField } from './picker.context.js';
import { noneFirst } from '../fields/none-answer.js';

type Entry = HistoryEntry & { othersField?: string | null; gyneStage?: number | null };

function newEntry(field: PickerField, categoryId: number, conditionId: number): Entry {
  if (field === 'gynecologicalDiagnosis') return { conditionId, categoryId, gyneStage: null, othersField: null };
  if (field === 'concomitantProcedure' || field === 'obProcedure') return { conditionId, categoryId, procedureType: null };
  return { conditionId, categoryId, others: null };
}

/**
 * The sidebar checkbox picker (SPEC.md §2): a search box, a back button, and the reference
 * list as checkboxes by category. Phased-out entries show disabled with '(PHASED OUT)';
 * choosing 'Others' asks for its free text here.
 */
export const CheckboxPicker = memo(function CheckboxPicker({ field, onBack }: { field: PickerField; onBack: () => void }) {
  const store = useCaseFormStore();
  const readOnly = useReadOnly();
  const entries = useFormValue(field as keyof CaseForm) as Entry[];
  const [term, setTerm] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const label = fieldMeta(field).label;
  const categories = useMemo(() => noneFirst(searchLookup(PICKER_LISTS[field], term), (c) => c.name), [field, term]);
  const chosen = useMemo(() => new Map(entries.map((e, i) => [e.conditionId, i])), [entries]);

  useEffect(() => {
    searchRef.current?.focus();
  }, [field]);

  const toggle = useCallback(
    (categoryId: number, conditionId: number, checked: boolean) => {
      const current = store.getState().form[field] as Entry[];
      const next = checked
        ? [...current, newEntry(field, categoryId, conditionId)]
        : current.filter((e) => e.conditionId !== conditionId);
      store.change({ [field]: next } as Partial<CaseForm>);
    },
    [store, field],
  );
  const setOthers = useCallback(
    (conditionId: number, text: string) => {
      const current = store.getState().form[field] as Entry[];
      const value = text === '' ? null : text;
      const patch = field === 'gynecologicalDiagnosis' ? { othersField: value } : { others: value };
      store.change({ [field]: current.map((e) => (e.conditionId === conditionId ? { ...e, ...patch } : e)) } as Partial<CaseForm>);
    },
    [store, field],
  );

  return (
    <div
      className="cf-picker"
      role="region"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onBack();
      }}
    >
      <div className="cf-picker-head">
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} aria-label="Back to the form navigation">
          Back
        </Button>
        <h2 id={titleId} className="cf-picker-title">
          {label}
        </h2>
      </div>
      <Input.Search
        ref={(el) => {
          searchRef.current = el?.input ?? null;
        }}
        aria-label={`Search ${label}`}
        placeholder="Search"
        allowClear
        value={term}
        onChange={(e) => setTerm(e.target.value)}
      />
      <p className="cf-picker-count" aria-live="polite">
        {entries.length} chosen
      </p>
      <div className="cf-picker-list">
        {categories.length === 0 ? <p>No result found. Consider changing the search value</p> : null}
        {categories.map((category) => (
          <fieldset key={category.id} className="cf-picker-category">
            <legend>{category.name}</legend>
            {(category.conditions ?? []).map((condition) => {
              const index = chosen.get(condition.id);
              const checked = index !== undefined;
              const entry = checked ? entries[index] : undefined;
              const othersText = entry ? ((field === 'gynecologicalDiagnosis' ? entry.othersField : entry.others) ?? '') : '';
              return (
                <div key={condition.id} className="cf-picker-item">
                  <Checkbox
                    checked={checked}
                    disabled={readOnly || (condition.hidden === true && !checked)}
                    onChange={(e) => toggle(category.id, condition.id, e.target.checked)}
                  >
                    {condition.hidden ? `${condition.name} ${PHASED_OUT_SUFFIX}` : condition.name}
                  </Checkbox>
                  {checked && condition.id === OTHERS_CONDITION_ID ? (
                    <Input
                      aria-label={condition.prompt ?? 'Specify'}
                      placeholder={condition.prompt ?? 'Specify'}
                      disabled={readOnly}
                      value={othersText}
                      onChange={(e) => setOthers(condition.id, e.target.value)}
                      className="cf-picker-others"
                    />
                  ) : null}
                </div>
              );
            })}
          </fieldset>
        ))}
      </div>
    </div>
  );
});
