import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { casePaths, currentOfflineStore, isLocalId, onOfflineQueueChange, serverIdOf, useAppDispatch } from '@pnss/web';
import { patientsApi } from '../../../api/patients.api.js';
import { casesApi } from '../../../api/cases.api.js';

/** The form's identity in the page: one form store per patient and case named by the address. */
export const formKeyOf = (patientid: string, caseid: string | null) => `${patientid}/${caseid ?? 'new'}`;

/**
 * Issue 32: a case (or a new case's patient) made on this device, open in the form when the queue
 * reaches the server, follows the remap. Once every id made on the device in the address has the
 * server's id, the server's copies are read (the case at the version the replay produced), and the
 * address is replaced by the server's: what is keyed by the address (the form's data, its draft, the
 * case's queued conflicts) names the server's record from then on. The form itself stays on screen
 * with any unsaved edits: the returned `formKey` gives the server's address the key the form was
 * opened under. A save after that goes to the server's record on its current version, never into a
 * conflict with the user's own replayed save.
 */
export function useSettledAddress(patientid: string, caseid: string | null): (key: string) => string {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  /** The address the form follows to (key of the server's ids) → the key the form was opened under. */
  const [followed, setFollowed] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!isLocalId(patientid) && !isLocalId(caseid)) return undefined;
    let live = true;
    const follow = async () => {
      const store = currentOfflineStore();
      if (!store) return;
      const serverPatient = isLocalId(patientid) ? await serverIdOf(store, patientid).catch(() => null) : patientid;
      const serverCase = caseid && isLocalId(caseid) ? await serverIdOf(store, caseid).catch(() => null) : caseid;
      if (!live || !serverPatient || (caseid && !serverCase)) return;
      try {
        // Read before the address changes, so the form never waits on a blank page in between.
        await dispatch(patientsApi.endpoints.getPatient.initiate(serverPatient, { forceRefetch: true, subscribe: false })).unwrap();
        if (serverCase) {
          await dispatch(casesApi.endpoints.getCase.initiate({ patientid: serverPatient, caseid: serverCase }, { forceRefetch: true, subscribe: false })).unwrap();
        }
      } catch {
        // The connection went again: the next run of the queue tries again.
        return;
      }
      if (!live) return;
      setFollowed((now) => ({ ...now, [formKeyOf(serverPatient, serverCase)]: now[formKeyOf(patientid, caseid)] ?? formKeyOf(patientid, caseid) }));
      navigate(serverCase ? casePaths.caseForm(serverPatient, serverCase) : casePaths.newCase(serverPatient), { replace: true });
    };
    void follow();
    const stop = onOfflineQueueChange(() => void follow());
    return () => {
      live = false;
      stop();
    };
  }, [patientid, caseid, dispatch, navigate]);

  return useCallback((key: string) => followed[key] ?? key, [followed]);
}
