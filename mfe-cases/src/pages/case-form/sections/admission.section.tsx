import { memo } from 'react';
import {
  ABORTION_TYPES, CASE_FORM_TYPES, ECTOPIC_TYPES, HETEROTOPIC_QUESTION, MOLAR_TYPES, PCOS_SYMPTOMS, PREGNANCY_TYPES,
} from '@pnss/libs/enums';
import { isDeliveredQuestionShown, isGtdAskedWithPregnancy, isPregnant } from '@pnss/libs/rules';
import { CodeField, CodeListField, DateField, DerivedField, NumberField, TextField, YesNoField } from '../fields/case-fields.js';
import { useCaseFormStore } from '../state/case-form.context.js';
import { GtdFields } from './gyne.section.js';
import { GestationalAgeFields } from './aog-fields.js';
import { SECTION_IDS, SectionFrame, SubSection, When, WhenForm } from './section-frame.js';

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
        <GestationalAgeFields on="admission" />
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
          <WhenForm test={isGtdAskedWithPregnancy}>
            <GtdFields />
          </WhenForm>
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
