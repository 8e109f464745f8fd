import { memo } from 'react';
import type { CaseForm } from '@pnss/libs/api';
import {
  ABORTION_TYPES, AOG_RANGES, AOG_TYPES, CASE_FORM_TYPES, ECTOPIC_TYPES, HETEROTOPIC_QUESTION, MOLAR_TYPES, PCOS_SYMPTOMS, PREGNANCY_TYPES,
  decode,
} from '@pnss/libs/enums';
import { isDeliveredQuestionShown, isExactAog, isPregnant } from '@pnss/libs/rules';
import { CodeField, CodeListField, DateField, DerivedField, NumberField, TextField, YesNoField } from '../fields/case-fields.js';
import { useCaseFormStore } from '../state/case-form.context.js';
import { SECTION_IDS, SectionFrame, SubSection, When, WhenForm } from './section-frame.js';

const exactAdmissionAog = (f: CaseForm) => isPregnant(f) && isExactAog(f.admissionAOGType);
const estimatedAdmissionAog = (f: CaseForm) => isPregnant(f) && !isExactAog(f.admissionAOGType);
const formatAog = (v: unknown) => decode(AOG_RANGES, v);

/** SPEC.md §2 Admission: the case, the patient on admission, gestational age and the pregnancy. */
export const AdmissionSection = memo(function AdmissionSection() {
  return (
    <SectionFrame id={SECTION_IDS.Admission} title="Admission">
      <div className="cf-grid">
        <TextField path="caseNum" />
        <CodeField path="caseFormType" table={CASE_FORM_TYPES} control="radio" />
        <TextField path="room" />
        <DateField path="admissionDate" />
        <AgeField />
        <NumberField path="weight" suffix="kg" />
        <NumberField path="height" suffix="cm" />
        <DerivedField path="bmi" hint="From weight and height" />
        <YesNoField path="pcosHistory" />
        <When field="pcosSymptoms">
          <CodeListField path="pcosSymptoms" table={PCOS_SYMPTOMS} />
        </When>
      </div>
      <WhenForm test={isPregnant}>
        <SubSection title="Age of Gestation on Admission">
          <CodeField path="admissionAOGType" table={AOG_TYPES} control="radio" />
          <WhenForm test={exactAdmissionAog}>
            <NumberField path="admissionWeeks" integer suffix="weeks" />
            <NumberField path="admissionDays" integer suffix="days" />
            <DerivedField path="admissionAOG" format={formatAog} hint="From the weeks" />
          </WhenForm>
          <WhenForm test={estimatedAdmissionAog}>
            <CodeField path="admissionAOG" table={AOG_RANGES} control="select" />
          </WhenForm>
        </SubSection>
        <SubSection title="Pregnancy">
          <CodeField path="pregnancyType" table={PREGNANCY_TYPES} control="radio" wide />
          <When field="isHeterotopic">
            <YesNoField path="isHeterotopic" label={HETEROTOPIC_QUESTION} />
          </When>
          <When field="abortionType">
            <CodeField path="abortionType" table={ABORTION_TYPES} control="select" />
          </When>
          <When field="ectopicType">
            <CodeField path="ectopicType" table={ECTOPIC_TYPES} control="select" />
          </When>
          <When field="molarType">
            <CodeField path="molarType" table={MOLAR_TYPES} control="radio" />
          </When>
          <YesNoField path="isPostpartum" />
          <WhenForm test={isDeliveredQuestionShown}>
            <YesNoField path="isDelivered" />
          </WhenForm>
          <When field="isTOLAC">
            <YesNoField path="isTOLAC" />
          </When>
          <YesNoField path="complicatedPregnancy" />
          <When field="returnToOR">
            <YesNoField path="returnToOR" />
          </When>
        </SubSection>
      </WhenForm>
    </SectionFrame>
  );
});

/** Age on admission comes from the patient's birth date; without one the clinician types it. */
function AgeField() {
  const store = useCaseFormStore();
  return store.birthDate ? <DerivedField path="age" hint="From the admission date and the date of birth" /> : <NumberField path="age" integer suffix="years" />;
}
