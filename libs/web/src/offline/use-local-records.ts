import { useEffect, useState } from 'react';
import { localRecords, type LocalCase, type LocalPatient } from './offline-requests.js';
import { onOfflineQueueChange } from './offline-session.js';

/**
 * The patients and cases made on this device and not yet on the server (issue 32), read again
 * whenever the queue changes (a record made, a create sent), for the lists to show marked as such.
 */
export function useLocalRecords(): { patients: LocalPatient[]; cases: LocalCase[] } {
  const [records, setRecords] = useState<{ patients: LocalPatient[]; cases: LocalCase[] }>({ patients: [], cases: [] });
  useEffect(() => {
    let live = true;
    const read = () => void localRecords().then((found) => {
      if (live) setRecords(found);
    });
    read();
    const stop = onOfflineQueueChange(read);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return records;
}
