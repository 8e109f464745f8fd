import { memo } from 'react';
import { CAUSES_OF_DEATH, DEATH_TRIMESTERS, MOTHER_CONDITIONS, TIMINGS } from '@pnss/libs/enums';
import { MATERNAL_DEATH_CAUSES } from '@pnss/libs/lookups';
import { isMaternalDeath } from '@pnss/libs/rules';
import { CodeField, DateField, LookupField, TextField, YesNoField } from '../fields/case-fields.js';
import { ChildLookupField } from '../fields/child-lookup-field.js';
import { SECTION_IDS, SectionFrame, SubSection, When, WhenForm } from './section-frame.js';

/** SPEC.md §2 Discharge, always: the date, the mother's condition, and the detail of a maternal death. */
export const DischargeSection = memo(function DischargeSection() {
  return (
    <SectionFrame id={SECTION_IDS.Discharge} title="Discharge">
      <div className="cf-grid">
        <DateField path="dischargeDate" />
        <CodeField path="motherCondition" table={MOTHER_CONDITIONS} control="radio" />
      </div>
      <WhenForm test={isMaternalDeath}>
        <SubSection title="Maternal Death">
          <LookupField path="antecedent" entries={MATERNAL_DEATH_CAUSES} />
          <ChildLookupField path="antecedentType" parentPath="antecedent" entries={MATERNAL_DEATH_CAUSES} />
          <AntecedentCauseField />
          <CodeField path="immediateCause" table={CAUSES_OF_DEATH} control="select" />
          <When field="immediateCauseOthers">
            <TextField path="immediateCauseOthers" />
          </When>
          <CodeField path="complicationOnset" table={TIMINGS} control="select" />
          <When field="complicationOnsetSpecific">
            <TextField path="complicationOnsetSpecific" />
          </When>
          <CodeField path="deathTiming" table={TIMINGS} control="select" />
          <CodeField path="deathTimingComplication" table={DEATH_TRIMESTERS} control="radio" />
        </SubSection>
      </WhenForm>
      <When field="deathReviewed">
        <div className="cf-grid">
          <YesNoField path="deathReviewed" label="Death Reviewed (maternal or perinatal death review)" />
        </div>
      </When>
    </SectionFrame>
  );
});

/** The specific cause sits under the chosen type, itself under the chosen group. */
function AntecedentCauseField() {
  return (
    <ChildLookupField
      path="antecedentCause"
      parentPath="antecedentType"
      entries={MATERNAL_DEATH_CAUSES}
      hint={undefined}
    />
  );
}
