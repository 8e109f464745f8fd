import { memo, useCallback } from 'react';
import { BIRTH_TRAUMAS, INFANT_STATUSES } from '@pnss/libs/enums';
import { NEONATAL_CONDITIONS } from '@pnss/libs/lookups';
import { isAnomalyOthersShown, isCauseOfDeathShown } from '@pnss/libs/rules';
import { CodeField, LookupField, NumberField, TextField, YesNoField } from '../fields/case-fields.js';
import { ChildLookupField } from '../fields/child-lookup-field.js';
import { useCaseFormSelector } from '../state/case-form.context.js';
import type { CaseFormState } from '../state/case-form.store.js';

const countOf = (s: CaseFormState) => s.form.neonatal.length;

/** One neonatal record per infant (SPEC.md §3 "Infant"); the libs rules size the list to the infant count. */
export const NeonatalList = memo(function NeonatalList() {
  const count = useCaseFormSelector(countOf);
  return (
    <div className="cf-neonatal">
      <h3 className="cf-subsection-title">Neonatal Outcome</h3>
      {Array.from({ length: count }, (_, index) => (
        <InfantCard key={index} index={index} />
      ))}
    </div>
  );
});

const InfantCard = memo(function InfantCard({ index }: { index: number }) {
  const p = (field: string) => `neonatal[${index}].${field}`;
  const died = useCaseFormSelector(useCallback((s: CaseFormState) => isCauseOfDeathShown(s.form.neonatal[index]), [index]));
  const anomalies = useCaseFormSelector(useCallback((s: CaseFormState) => isAnomalyOthersShown(s.form.neonatal[index]), [index]));
  return (
    <div className="cf-infant" role="group" aria-label={`Infant ${index + 1}`}>
      <h4 className="cf-infant-title">Infant {index + 1}</h4>
      <div className="cf-grid">
        <CodeField path={p('status')} label="Birth Outcome" table={INFANT_STATUSES} control="select" wide />
        <NumberField path={p('pediatricAge')} label="AOG by Pediatric Assessment" suffix="weeks" />
        <NumberField path={p('pediatricWeight')} label="Birth Weight" suffix="g" />
        <NumberField path={p('pediatricHeight')} label="Birth Length" suffix="cm" />
        <NumberField path={p('apgar1m')} label="Apgar 1 m" integer />
        <NumberField path={p('apgar5m')} label="Apgar 5 m" integer />
        <CodeField path={p('injury')} label="Birth Trauma" table={BIRTH_TRAUMAS} control="select" />
        <YesNoField path={p('anomalies')} label="Congenital Anomalies" presence />
        {anomalies ? <TextField path={p('anomalyOthers')} label="Specify Anomalies" wide /> : null}
        {died ? (
          <>
            <LookupField path={p('causeofdeath')} label="Cause of Death (maternal condition group)" entries={NEONATAL_CONDITIONS} wide />
            <ChildLookupField path={p('specificcause')} parentPath={p('causeofdeath')} label="Specific Cause" entries={NEONATAL_CONDITIONS} />
          </>
        ) : null}
      </div>
    </div>
  );
});
