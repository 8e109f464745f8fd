import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, App, Button, Space } from 'antd';
import { caseActions, sameValue, type CaseForm } from '@pnss/libs';
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
import { CloseErrorsDialog } from './dialogs/close-errors-dialog.js';
import { ConflictDialog } from './conflict/conflict-dialog.js';
import { useCaseActions } from './hooks/use-case-actions.js';
import { clearDraft, useCaseDraft, useOfferedDraft, type CaseDraft } from './hooks/use-case-draft.js';
import { useLeaveGuard } from './hooks/use-leave-guard.js';
import { CaseFormStyles } from './case-form.styles.js';

interface CaseFormViewProps {
  store: CaseFormStore;
  patientid: string;
  caseid: string | null;
  birthDate: string | null;
  draftKey: string;
  /** The server copy the form opened on (null while a new case is unsaved). */
  serverCase: CaseForm | null;
}

/** The PNSS case form (SPEC.md §2 "Case form"): header, title bar, left navigation or picker, and the body. */
export function CaseFormView({ store, patientid, caseid, birthDate, draftKey, serverCase }: CaseFormViewProps) {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const saved = useSyncExternalStore(store.subscribe, () => store.getState().saved);
  const readOnly = caseActions(saved).readOnly;
  const actions = useCaseActions(store, patientid, caseid, draftKey);

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
  const differs = useCallback((draft: CaseDraft) => !sameValue(store.normalizeForCompare(draft.form), store.normalizeForCompare(store.getState().form)), [store]);
  const [offered, setOffered] = useOfferedDraft(draftKey, serverCase ?? store.getState().saved, differs);

  const confirmLeave = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: 'Leave without saving?',
          content: 'This case has unsaved changes. They stay in this browser and are offered again when you reopen the case.',
          okText: 'Leave',
          cancelText: 'Stay',
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal],
  );
  const ownRoute = useCallback((url: string) => {
    const hash = url.includes('#') ? url.slice(url.indexOf('#') + 1) : '';
    return caseid !== null && hash === `/patients/${patientid}/case/${caseid}`;
  }, [patientid, caseid]);
  useLeaveGuard(store, confirmLeave, ownRoute);

  const jump = useCallback((field: string) => {
    setPickerField(null);
    // After the picker (if open) gives the sidebar back to the navigation.
    setTimeout(() => focusField(field), 0);
  }, []);

  return (
    <CaseFormProvider store={store} readOnly={readOnly}>
      <PickerContext.Provider value={picker}>
        <CaseFormStyles />
        <div className="cf-page" data-case-id={caseid ?? 'new'} data-readonly={readOnly ? 'true' : 'false'}>
          <CaseHeader birthDate={birthDate} caseNum={saved.caseNum} isNew={!caseid} />
          <TitleBar actions={actions} onLeave={() => navigate(`/patients/${encodeURIComponent(patientid)}`)} />
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
                      const base = serverCase ?? store.getState().saved;
                      store.restore(base, offered.form, offered.version);
                      setOffered(null);
                    }}
                  >
                    Restore my changes
                  </Button>
                  <Button
                    size="small"
                    onClick={() => {
                      clearDraft(draftKey);
                      setOffered(null);
                    }}
                  >
                    Discard
                  </Button>
                </Space>
              }
            />
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
            </div>
          </div>
        </div>
        {actions.closeErrors ? (
          <CloseErrorsDialog errors={actions.closeErrors} onJump={jump} onClosed={actions.dismissCloseErrors} />
        ) : null}
        {actions.conflict ? (
          <ConflictDialog
            mine={store.getState().form}
            theirs={actions.conflict}
            onApply={(merged) => void actions.resolveConflict(merged)}
            onCancel={actions.dismissConflict}
          />
        ) : null}
      </PickerContext.Provider>
    </CaseFormProvider>
  );
}
