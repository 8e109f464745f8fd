import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Spin } from 'antd';
import { ErrorPanel, describeError } from '@pnss/web';
import { emptyCaseForm, type CaseForm, type Patient } from '@pnss/libs/api';
import { useGetPatientQuery } from '../../api/patients.api.js';
import { useGetCaseQuery } from '../../api/cases.api.js';
import { CaseFormStore } from './state/case-form.store.js';
import { CaseFormScreen } from './case-form-screen.js';
import { draftKey } from './hooks/use-case-draft.js';

/**
 * The routes #/patients/:patientid/case/:caseid and #/patients/:patientid/newcase (SPEC.md §2
 * EditPatientCase and NewPatientCase): loads the patient and the case, then the form.
 */
export function CaseFormPage() {
  const { patientid = '', caseid = null } = useParams<{ patientid: string; caseid?: string }>();
  const patient = useGetPatientQuery(patientid, { skip: !patientid });
  const stored = useGetCaseQuery({ patientid, caseid: caseid ?? '' }, { skip: !caseid });
  const failed = patient.error ?? (caseid ? stored.error : undefined);
  if (failed) {
    const notice = describeError(failed);
    return (
      <ErrorPanel
        title={notice.status === 404 ? 'This case or patient was not found.' : 'The case could not be loaded.'}
        detail={notice.message ?? undefined}
        onRetry={() => {
          void patient.refetch();
          if (caseid) void stored.refetch();
        }}
      />
    );
  }
  if (!patient.data || (caseid && !stored.data)) {
    return (
      <div className="cf-loading" role="status">
        <Spin /> Loading case…
      </div>
    );
  }
  return (
    <LoadedCaseForm
      key={caseid ?? `new-${patientid}`}
      patient={patient.data}
      patientid={patientid}
      caseid={caseid}
      serverCase={caseid ? (stored.data ?? null) : null}
    />
  );
}

function newCaseFor(patient: Patient, patientid: string): CaseForm {
  // A new case starts from what the patient's record already says of their history.
  return {
    ...emptyCaseForm(patientid),
    medicalHistory: patient.medicalHistory ?? [],
    obstetricHistory: patient.obstetricHistory ?? [],
  };
}

function LoadedCaseForm({
  patient, patientid, caseid, serverCase,
}: { patient: Patient; patientid: string; caseid: string | null; serverCase: CaseForm | null }) {
  const [store] = useState(
    () => new CaseFormStore(serverCase ?? newCaseFor(patient, patientid), { patientBirthDate: patient.birthDate }),
  );
  const [opened] = useState(serverCase);
  useEffect(() => {
    // A refetch after this user's own action (the cache tags) brings the stored case back.
    if (serverCase) store.absorb(serverCase);
  }, [store, serverCase]);
  return (
    <CaseFormScreen
      store={store}
      patient={patient}
      patientid={patientid}
      caseid={caseid}
      draftKey={draftKey(patientid, caseid)}
      serverCase={opened}
    />
  );
}
