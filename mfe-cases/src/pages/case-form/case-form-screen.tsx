import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert, Button, Space } from 'antd';
import type { Patient } from '@pnss/libs/api';
import { caseActions, sameValue } from '@pnss/libs/rules';
import { CaseFormProvider } from './state/case-form.context.js';
import type { CaseFormStore } from './state/case-form.store.js';
import { PickerContext, type PickerControl, type PickerField } from './picker/picker.context.js';
import { CheckboxPicker } from './picker/checkbox-picker.js';
import { CaseNav } from './layout/case-nav.js';
import { CaseHeader } from './layout/case-header.js';
import { TitleBar } from './layout/title-bar.js';
import { focusField } from './layout/focus-field.js';
import { AdmissionSection } from './sections/admission.section.js';
import { ObScoreSection } from './sections/ob-score.section.js';
import { DeliverySection } from './sections/delivery.section.js';
import { ComorbiditiesSection } from './sections/comorbidities.section.js';
import { GyneSection } from './sections/gyne.section.js';
import { MigsSection } from './sections/migs.section.js';
import { DischargeSection } from './sections/discharge.section.js';
import { ConflictDialog } from './conflict/conflict-dialog.js';
import { useCaseActions } from './hooks/use-case-actions.js';
import { useCaseDraft, useDraftsKept, useOfferedDraft } from './hooks/use-case-draft.js';
import { DRAFTS_NOT_KEPT_MESSAGE, drafts, type CaseDraft, type DraftKey } from './drafts/drafts.js';
import { useLeaveGuard } from './hooks/use-leave-guard.js';
import { CaseFormStyles } from './case-form.styles.js';
import { CaseQueriesPanel, useCaseQueries } from './queries/case-queries-panel.js';
import { QueriedFieldsContext } from './queries/queried-fields.context.js';
import { useAccess, casePaths } from '@pnss/web';
import { fullName } from '../../format/display.js';

interface CaseFormScreenProps {
  store: CaseFormStore;
  patient: Patient;
  patientid: string;
  caseid: string | null;
  /** Whose unsaved edits of which case this form keeps (null: no signed-in user, nothing kept). */
  draftKey: DraftKey | null;
}

/** The PNSS case form (SPEC.md §2 "Case form"): header, title bar, left navigation or picker, and the body. */
export function CaseFormScreen({ store, patient, patientid, caseid, draftKey }: CaseFormScreenProps) {
  const location = useLocation();
  const saved = useSyncExternalStore(store.subscribe, () => store.getState().saved);
  const readOnly = caseActions(saved).readOnly;
  const jump = useCallback((field: string) => {
    setPickerField(null);
    // After the picker (if open) gives the sidebar back to the navigation.
    setTimeout(() => focusField(field), 0);
  }, []);
  const actions = useCaseActions(store, patientid, caseid, draftKey, jump);

  const [pickerField, setPickerField] = useState<PickerField | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const picker = useMemo<PickerControl>(
    () => ({
      field: pickerField,
      open: (field, from) => {
        returnFocus.current = from;
        setPickerField(field);
      },
      close: () => {
        setPickerField(null);
        const target = returnFocus.current;
        setTimeout(() => target?.focus(), 0);
      },
    }),
    [pickerField],
  );

  useCaseDraft(store, draftKey, !readOnly);
  const differs = useCallback((draft: CaseDraft) => {
    const { form } = store.getState();
    return !sameValue(store.normalizeForCompare({ ...form, ...draft.answers }), store.normalizeForCompare(form));
  }, [store]);
  const [offered, setOffered] = useOfferedDraft(store, draftKey, differs);
  // Drafts live only in the signed-in user's encrypted store (issue 32); without it nothing is kept, and the form says so.
  const keeping = useDraftsKept(draftKey);

  const guard = useLeaveGuard({ isDirty: useCallback(() => store.getState().dirty, [store]), ownPath: location.pathname });
  const back = backTarget(location.state, patientid);
  const access = useAccess();
  const { queries, queried } = useCaseQueries(caseid, access.canListQueries);

  return (
    <CaseFormProvider store={store} readOnly={readOnly}>
      <QueriedFieldsContext.Provider value={queried}>
      <PickerContext.Provider value={picker}>
        <CaseFormStyles />
        <div className="cf-page" data-case-id={caseid ?? 'new'} data-readonly={readOnly ? 'true' : 'false'}>
          <CaseHeader patient={patient} caseNum={saved.caseNum} isNew={!caseid} />
          <TitleBar actions={actions} patientName={fullName(patient)} backLabel={back.label} onLeave={() => guard.leave(back.to)} onOpen={guard.leave} />
          {offered && !readOnly ? (
            <Alert
              type="info"
              showIcon
              className="cf-draft-banner"
              role="alert"
              title={`Unsaved changes to this case were kept in this browser (${new Date(offered.savedAt).toLocaleString()}).`}
              action={
                <Space>
                  <Button
                    type="primary"
                    size="small"
                    onClick={() => {
                      // Field answers only, over the case as the server has it now: never its status (issue 25 item 2).
                      store.restoreAnswers(offered.answers);
                      setOffered(null);
                    }}
                  >
                    Restore my changes
                  </Button>
                  <Button
                    size="small"
                    onClick={() => {
                      if (draftKey) void drafts.discard(draftKey);
                      setOffered(null);
                    }}
                  >
                    Discard
                  </Button>
                </Space>
              }
            />
          ) : null}
          {!keeping && !readOnly ? (
            <Alert type="warning" showIcon className="cf-draft-not-kept" title={DRAFTS_NOT_KEPT_MESSAGE} />
          ) : null}
          <div className="cf-body">
            <aside className="cf-sidebar" aria-label={pickerField ? 'Checkbox picker' : 'Case form navigation'}>
              {pickerField ? <CheckboxPicker field={pickerField} onBack={picker.close} /> : <CaseNav />}
            </aside>
            <div className="cf-main">
              <form className="cf-form" aria-label="PNSS Form" onSubmit={(e) => e.preventDefault()} noValidate>

                  <AdmissionSection />
                  <ObScoreSection />
                  <DeliverySection />
                  <ComorbiditiesSection />
                  <GyneSection />
                  <MigsSection />
                  <DischargeSection />

              </form>
              {caseid && access.canListQueries ? <CaseQueriesPanel caseId={caseid} queries={queries} /> : null}
            </div>
          </div>
        </div>
        {actions.dialogs}
        {actions.conflict ? (
          <ConflictDialog
            mine={store.getState().form}
            theirs={actions.conflict}
            onApply={(merged) => void actions.resolveConflict(merged)}
            onCancel={actions.dismissConflict}
          />
        ) : null}
        {guard.dialog}
      </PickerContext.Provider>
      </QueriedFieldsContext.Provider>
    </CaseFormProvider>
  );
}

/** Where × goes: back to the Cases list or the worklist the case was opened from (SPEC.md §2), else the patient. */
export function backTarget(state: unknown, patientid: string): { to: string; label: string } {
  const { from, back } = (state ?? {}) as { from?: unknown; back?: unknown };
  if (from === 'cases') return { to: casePaths.cases, label: 'Back to Cases' };
  // A worklist (issue 31) sends its own path, which is under the Cases module's worklists.
  if (from === 'worklist' && typeof back === 'string' && back.startsWith(`${casePaths.worklists}/`)) return { to: back, label: 'Back to the worklist' };
  return { to: casePaths.patient(patientid), label: 'Back to the patient' };
}
