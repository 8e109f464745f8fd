import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Spin } from 'antd';
import { ErrorPanel, describeError, isLocalId, selectSessionUser, useAppSelector } from '@pnss/web';
import { emptyCaseForm, type CaseForm, type Patient } from '@pnss/libs/api';
import { useGetPatientQuery } from '../../api/patients.api.js';
import { useGetCaseQuery } from '../../api/cases.api.js';
import { CaseFormStore } from './state/case-form.store.js';
import { CaseFormScreen } from './case-form-screen.js';
import { useRefetchOnReturn } from '../../components/use-refetch-on-return.js';
import type { DraftKey } from './drafts/drafts.js';
import { formKeyOf, useSettledAddress } from './offline/use-settled-address.js';

/**
 * The routes #/patients/:patientid/case/:caseid and #/patients/:patientid/newcase (SPEC.md §2
 * EditPatientCase and NewPatientCase): loads the patient and the case, then the form.
 *
 * The address is the truth (issue 25 item 1): the patient and the case shown are the ones the
 * address names now. `currentData` is the answer for the current address only (RTK Query's `data`
 * keeps the previous address's answer while the next loads), a copy is used only when its ids are
 * the address's, and the form is keyed by patient and case, so a change of address makes a new form
 * store and drops every subscription of the old one: a late answer for the old case goes to that
 * case's cache entry and never reaches this form.
 */
export function CaseFormPage() {
  const { patientid = '', caseid = null } = useParams<{ patientid: string; caseid?: string }>();
  // Each opening reads the server's copy: a case closed or packaged elsewhere shows as it is now.
  const patient = useGetPatientQuery(patientid, { skip: !patientid, refetchOnMountOrArgChange: true });
  const stored = useGetCaseQuery({ patientid, caseid: caseid ?? '' }, { skip: !caseid, refetchOnMountOrArgChange: true });
  // A case closed, archived or packaged elsewhere meanwhile shows so when the user comes back (issue 25 item 3).
  // A case made on this device is read from the device: once on the server, the address follows it (below).
  useRefetchOnReturn(stored.refetch, Boolean(caseid) && !isLocalId(caseid) && !isLocalId(patientid));
  // Issue 32: a case made on this device follows the server's ids once the queue sent it.
  const formKey = useSettledAddress(patientid, caseid);
  const userId = useAppSelector(selectSessionUser)?._id ?? null;
  const patientData = patient.currentData && samePatient(patient.currentData, patientid) ? patient.currentData : undefined;
  const caseData = stored.currentData && stored.currentData._id === caseid ? stored.currentData : undefined;
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
  if (!patientData || (caseid && !caseData)) {
    return (
      <div className="cf-loading" role="status">
        <Spin /> Loading case…
      </div>
    );
  }
  return (
    <LoadedCaseForm
      key={formKey(formKeyOf(patientid, caseid))}
      patient={patientData}
      patientid={patientid}
      caseid={caseid}
      userId={userId}
      serverCase={caseid ? (caseData ?? null) : null}
    />
  );
}

function samePatient(patient: Patient, patientid: string): boolean {
  return patient._id === patientid || patient.patientid === patientid;
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
  patient, patientid, caseid, userId, serverCase,
}: { patient: Patient; patientid: string; caseid: string | null; userId: string | null; serverCase: CaseForm | null }) {
  const [store] = useState(
    () => new CaseFormStore(serverCase ?? newCaseFor(patient, patientid), { patientBirthDate: patient.birthDate }),
  );
  useEffect(() => {
    const { saved } = store.getState();
    // Issue 32: the case made on this device is on the server now (the address followed it): its copy,
    // at the version the replay produced, is the baseline under the unsaved edits.
    if (serverCase && isLocalId(saved._id) && serverCase._id !== saved._id) store.follow(serverCase);
    // A refetch after this user's own action (the cache tags) brings the stored case back.
    else if (serverCase) store.absorb(serverCase);
    // A new case whose patient was made on this device: the patient's server id from now on.
    else if (isLocalId(saved.patientid) && patientid !== saved.patientid) store.followPatient(patientid);
  }, [store, serverCase, patientid]);
  // A draft is this user's, on this case (a new case's: on this patient); no user, no draft.
  const draftKey = useMemo<DraftKey | null>(() => (userId ? { userId, patientId: patientid, caseId: caseid } : null), [userId, patientid, caseid]);
  return <CaseFormScreen store={store} patient={patient} patientid={patientid} caseid={caseid} draftKey={draftKey} />;
}
