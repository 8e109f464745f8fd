import { memo, useCallback } from 'react';
import { Button, Input, Select } from 'antd';
import { CloseOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { CaseForm, GyneDiagnosisEntry, HistoryEntry } from '@pnss/libs/api';
import { GYNE_STAGES, PROCEDURE_TYPES } from '@pnss/libs/enums';
import { OTHERS_CONDITION_ID, findLookupEntry, lookupLabel } from '@pnss/libs/lookups';
import { isMalignantCategory } from '@pnss/libs/derived';
import { useCaseFormStore, useFormValue } from '../state/case-form.context.js';
import { PICKER_LISTS, usePicker, type PickerField } from '../picker/picker.context.js';
import { FieldShell } from './field-shell.js';
import { labelOf } from './field-binding.js';
import { noneEntryOf } from './none-answer.js';

type ListEntry = HistoryEntry & Partial<GyneDiagnosisEntry>;

const STAGE_OPTIONS = GYNE_STAGES.map((s) => ({ label: s.label, value: s.id }));
const PROCEDURE_TYPE_OPTIONS = PROCEDURE_TYPES.map((s) => ({ label: s.label, value: s.id }));

/**
 * A list of conditions or procedures chosen in the sidebar picker (SPEC.md §2). The chosen
 * entries show here, each removable, with what an entry asks for: the stage of a malignant
 * diagnosis, the type of a procedure, the free text of 'Others'.
 */
export const HistoryListField = memo(function HistoryListField({ path, label }: { path: PickerField; label?: string }) {
  const store = useCaseFormStore();
  const picker = usePicker();
  const entries = useFormValue(path as keyof CaseForm) as ListEntry[];
  const list = PICKER_LISTS[path];
  const text = label ?? labelOf(path);
  const none = noneEntryOf(list);
  const update = useCallback(
    (index: number, patch: Partial<ListEntry>) => {
      const current = store.getState().form[path] as ListEntry[];
      store.change({ [path]: current.map((e, i) => (i === index ? { ...e, ...patch } : e)) } as Partial<CaseForm>);
    },
    [store, path],
  );
  const remove = useCallback(
    (index: number) => {
      const current = store.getState().form[path] as ListEntry[];
      store.change({ [path]: current.filter((_, i) => i !== index) } as Partial<CaseForm>);
    },
    [store, path],
  );
  return (
    <FieldShell path={path} label={text} kind="group" wide>
      {(c) => (
        <div role="group" aria-labelledby={c.labelId} aria-describedby={c.describedBy} aria-invalid={c.invalid || undefined}>
          <ul className={`cf-entries${c.invalid ? ' cf-group-invalid' : ''}`} aria-label={`Chosen: ${text}`}>
            {entries.length === 0 ? <li className="cf-entries-empty">{c.disabled ? 'Not recorded' : 'None chosen'}</li> : null}
            {entries.map((entry, index) => {
              const name = lookupLabel(list, entry.conditionId);
              const category = findLookupEntry(list, entry.categoryId)?.name;
              const others = entry.conditionId === OTHERS_CONDITION_ID;
              const prompt = findLookupEntry(list, entry.conditionId)?.prompt ?? 'Specify';
              return (
                <li key={`${entry.categoryId}-${entry.conditionId}`} className="cf-entry">
                  <span className="cf-entry-name">
                    {category && category !== name ? <span className="cf-entry-category">{category}: </span> : null}
                    {name}
                  </span>
                  {c.disabled ? (
                    <ReadOnlyDetails path={path} entry={entry} />
                  ) : null}
                  {!c.disabled && path === 'gynecologicalDiagnosis' && isMalignantCategory(entry.categoryId) ? (
                    <Select
                      aria-label={`Stage of ${name}`}
                      disabled={c.disabled}
                      value={entry.gyneStage ?? null}
                      options={STAGE_OPTIONS}
                      showSearch={{ optionFilterProp: 'label' }}
                      onChange={(v) => update(index, { gyneStage: v })}
                      className="cf-entry-stage"
                      popupMatchSelectWidth={false}
                    />
                  ) : null}
                  {!c.disabled && path === 'concomitantProcedure' ? (
                    <Select
                      aria-label={`Procedure type of ${name}`}
                      disabled={c.disabled}
                      value={entry.procedureType ?? null}
                      options={PROCEDURE_TYPE_OPTIONS}
                      onChange={(v) => update(index, { procedureType: v })}
                      className="cf-entry-stage"
                      popupMatchSelectWidth={false}
                    />
                  ) : null}
                  {!c.disabled && others ? (
                    <Input
                      aria-label={prompt}
                      placeholder={prompt}
                      disabled={c.disabled}
                      value={(path === 'gynecologicalDiagnosis' ? entry.othersField : entry.others) ?? ''}
                      onChange={(e) => {
                        const typed = e.target.value === '' ? null : e.target.value;
                        update(index, path === 'gynecologicalDiagnosis' ? { othersField: typed } : { others: typed });
                      }}
                      className="cf-entry-others"
                    />
                  ) : null}
                  {c.disabled ? null : (
                    <Button type="text" size="small" icon={<CloseOutlined />} aria-label={`Remove ${name}`} onClick={() => remove(index)} />
                  )}
                </li>
              );
            })}
          </ul>
          {c.disabled ? null : (
          <Button
            id={c.id}
            icon={<UnorderedListOutlined />}
            aria-label={`Choose ${text}`}
            aria-haspopup="true"
            aria-expanded={picker.field === path}
            onClick={(event) => picker.open(path, event.currentTarget)}
          >
            Choose {text}
          </Button>
          )}
          {none && entries.length === 0 && !c.disabled ? (
            <Button
              className="cf-none-answer"
              onClick={() => store.change({ [path]: [{ conditionId: none.conditionId, categoryId: none.categoryId, others: null }] } as Partial<CaseForm>)}
            >
              {none.label}
            </Button>
          ) : null}
        </div>
      )}
    </FieldShell>
  );
});

/** A closed case's entry details as text: the stage, the procedure type, the free text of 'Others'. */
function ReadOnlyDetails({ path, entry }: { path: PickerField; entry: ListEntry }) {
  const parts: string[] = [];
  if (path === 'gynecologicalDiagnosis' && isMalignantCategory(entry.categoryId) && entry.gyneStage != null) {
    parts.push(`Stage ${STAGE_OPTIONS.find((o) => o.value === entry.gyneStage)?.label ?? 'N/A!'}`);
  }
  if (path === 'concomitantProcedure' && entry.procedureType != null) {
    parts.push(PROCEDURE_TYPE_OPTIONS.find((o) => o.value === entry.procedureType)?.label ?? 'N/A!');
  }
  const others = path === 'gynecologicalDiagnosis' ? entry.othersField : entry.others;
  if (entry.conditionId === OTHERS_CONDITION_ID && others) parts.push(others);
  return parts.length > 0 ? <span className="cf-entry-details">{parts.join(' · ')}</span> : null;
}
