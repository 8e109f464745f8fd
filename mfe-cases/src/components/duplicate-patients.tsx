import { useCallback } from 'react';
import { App, Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { PatientListItem } from '@pnss/libs/api';
import { useLazyFindDuplicatePatientsQuery } from '../api/patients.api.js';
import { ageLabel, ageToday, formatDate, fullName } from '../format/display.js';
import { casePaths } from '@pnss/web';

export interface NewPatientName {
  firstName?: string | null;
  lastName?: string | null;
  birthDate: string | null;
}

/**
 * Before a new patient is saved (New Patient, Cases → Add): when patients with the same name and
 * date of birth exist, say so and offer to open one of them instead (issue 14 item 3). Answers
 * whether to go on saving. A failed check does not stop the save: the server keeps its own rules.
 */
export function useDuplicatePatientCheck(): (person: NewPatientName) => Promise<boolean> {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [find] = useLazyFindDuplicatePatientsQuery();
  return useCallback(
    async (person: NewPatientName) => {
      const firstName = (person.firstName ?? '').trim();
      if (!firstName || !person.birthDate) return true;
      const lastName = (person.lastName ?? '').trim();
      const answer = await find({ firstName, ...(lastName ? { lastName } : {}), birthDate: person.birthDate });
      const matches: PatientListItem[] = answer.data?.items ?? [];
      if (matches.length === 0) return true;
      return new Promise<boolean>((resolve) => {
        const dialog = modal.confirm({
          title: matches.length === 1 ? 'This patient may already exist' : `${matches.length} patients with this name and date of birth exist`,
          width: 520,
          content: (
            <div>
              <p>
                {fullName(person)}, born {formatDate(person.birthDate)}, matches:
              </p>
              <ul className="pnss-duplicates" aria-label="Existing patients">
                {matches.map((match) => (
                  <li key={match._id} style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 4 }}>
                    <span style={{ flex: 1 }}>
                      <strong>{fullName(match)}</strong> · {formatDate(match.birthDate)} · {ageLabel(ageToday(match.birthDate))}
                    </span>
                    <Button
                      onClick={() => {
                        dialog.destroy();
                        resolve(false);
                        navigate(casePaths.patient(match._id));
                      }}
                    >
                      Open this patient
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          ),
          okText: 'Save as a new patient',
          cancelText: 'Cancel',
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      });
    },
    [find, modal, navigate],
  );
}
