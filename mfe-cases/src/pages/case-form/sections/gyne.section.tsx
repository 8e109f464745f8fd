import { memo } from 'react';
import { GTD_COMPLICATIONS, GTD_DIAGNOSES, GYNE_ORGANS, MEDICAL_SURGICAL, SURGICAL_INTERVENTIONS, TUMOR_CLASSES } from '@pnss/libs/enums';
import { GYNE_DIAGNOSIS } from '@pnss/libs/lookups';
import { isGyneSectionShown } from '@pnss/libs/rules';
import { CodeField, LookupField, TextField, YesNoField } from '../fields/case-fields.js';
import { HistoryListField } from '../fields/history-list-field.js';
import { useFormPredicate } from '../state/case-form.context.js';
import { SECTION_IDS, SectionFrame, SubSection, When } from './section-frame.js';

/** SPEC.md §2 Gyne conditions and Gyne Procedures, for gyne cases. */
export const GyneSection = memo(function GyneSection() {
  const shown = useFormPredicate(isGyneSectionShown);
  if (!shown) return null;
  return (
    <SectionFrame id={SECTION_IDS['Gynecological Conditions']} title="Gynecological Conditions">
      <div className="cf-grid">
        <CodeField path="gyneOrgan" table={GYNE_ORGANS} control="select" />
        <CodeField path="organCondition" table={TUMOR_CLASSES} control="radio" />
        <LookupField path="gyneDiagnosis" entries={GYNE_DIAGNOSIS} wide />
        <HistoryListField path="gynecologicalDiagnosis" />
        <HistoryListField path="gynemorbidities" />
        <YesNoField path="hasFailedMIS" label="Failed Minimally Invasive Surgery (converted)" />
      </div>
      <SubSection title="Gestational Trophoblastic Disease">
        <CodeField path="gtdDiagnosis" table={GTD_DIAGNOSES} control="select" />
        <CodeField path="gtdComplication" table={GTD_COMPLICATIONS} control="select" />
        <When field="gtdComplicationOthers">
          <TextField path="gtdComplicationOthers" />
        </When>
      </SubSection>
      <SubSection title="Gyne Procedures">
        <CodeField path="medicalSurgical" table={MEDICAL_SURGICAL} control="radio" wide />
        <CodeField path="surgicalIntervention" table={SURGICAL_INTERVENTIONS} control="select" />
        <When field="surgicalInterventionOthers">
          <TextField path="surgicalInterventionOthers" />
        </When>
        <HistoryListField path="concomitantProcedure" />
        <YesNoField path="isMedical" />
        <YesNoField path="isSurgical" />
        <YesNoField path="isChemotherapy" />
        <YesNoField path="isRadiotherapy" />
        <YesNoField path="isOthers" />
        <When field="otherProcedure">
          <TextField path="otherProcedure" />
        </When>
      </SubSection>
    </SectionFrame>
  );
});
