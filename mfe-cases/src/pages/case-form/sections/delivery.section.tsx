import { memo } from 'react';
import type { CaseForm } from '@pnss/libs/api';
import {
  AOG_RANGES, AOG_TYPES, CS_INCISIONS, CS_TYPES, DELIVERY_PLACES, INDUCTION_COMPLICATIONS, INDUCTION_INDICATIONS, INDUCTION_METHODS,
  PREGNANCY_TYPE, decode,
} from '@pnss/libs/enums';
import {
  isDeliveryMannerShown, isDeliverySectionShown, isExactAog, isNeonatalShown, isPostpartumVariant, isSecondTwinShown,
} from '@pnss/libs/rules';
import { CodeField, DateField, DerivedField, NumberField, TextField, YesNoField } from '../fields/case-fields.js';
import { InfantsNumberField, IndicationsField, MannerField } from './delivery-fields.js';
import { NeonatalList } from './neonatal-list.js';
import { RobsonFields } from '../robson/robson-fields.js';
import { useFormPredicate } from '../state/case-form.context.js';
import { SECTION_IDS, SectionFrame, SubSection, When, WhenForm } from './section-frame.js';

const exactDeliveryAog = (f: CaseForm) => isDeliverySectionShown(f) && isExactAog(f.deliveryAOGType);
const estimatedDeliveryAog = (f: CaseForm) => isDeliverySectionShown(f) && !isExactAog(f.deliveryAOGType);
const multiple = (f: CaseForm) => f.pregnancyType === PREGNANCY_TYPE.MULTIPLE;
const mannerWaitsForTolac = (f: CaseForm) => isDeliverySectionShown(f) && !isDeliveryMannerShown(f);
const formatAog = (v: unknown) => decode(AOG_RANGES, v);

/**
 * SPEC.md §2 Delivery: the normal variant when delivered and not postpartum, the postpartum
 * variant (no date bounds, no neonatal records) when delivered after admission elsewhere.
 */
export const DeliverySection = memo(function DeliverySection() {
  const shown = useFormPredicate(isDeliverySectionShown);
  const postpartum = useFormPredicate(isPostpartumVariant);
  if (!shown) return null;
  return (
    <SectionFrame
      id={SECTION_IDS.Delivery}
      title={postpartum ? 'Delivery (Postpartum)' : 'Delivery'}
      subtitle={postpartum ? 'Delivered before admission: the delivery date has no date bounds.' : undefined}
    >
      <div className="cf-grid">
        <CodeField path="institutionalDelivery" table={DELIVERY_PLACES} control="radio" />
        <WhenForm test={multiple}>
          <InfantsNumberField />
        </WhenForm>
        <DateField path="deliveryDate" />
      </div>
      <SubSection title="Age of Gestation on Delivery">
        <CodeField path="deliveryAOGType" table={AOG_TYPES} control="radio" />
        <WhenForm test={exactDeliveryAog}>
          <NumberField path="deliveryWeeks" integer suffix="weeks" />
          <NumberField path="deliveryDays" integer suffix="days" />
          <DerivedField path="deliveryAOG" format={formatAog} hint="From the weeks" />
        </WhenForm>
        <WhenForm test={estimatedDeliveryAog}>
          <CodeField path="deliveryAOG" table={AOG_RANGES} control="select" />
        </WhenForm>
      </SubSection>
      <SubSection title="Induction of Labor">
        <YesNoField path="isInduced" />
        <When field="inducedIndication">
          <CodeField path="inducedIndication" table={INDUCTION_INDICATIONS} control="select" />
          <CodeField path="inducedMethod" table={INDUCTION_METHODS} control="select" />
          <CodeField path="inducedComplication" table={INDUCTION_COMPLICATIONS} control="select" />
        </When>
      </SubSection>
      <SubSection title="Manner of Delivery">
        <WhenForm test={mannerWaitsForTolac}>
          <p className="cf-note">
            Answer &lsquo;Trial of Labor after Caesarean (TOLAC)&rsquo; in Admission to choose the manner of delivery.
          </p>
        </WhenForm>
        <When field="deliveryManner">
          <MannerField path="deliveryManner" />
        </When>
        <When field="primaryRepeat">
          <CodeField path="primaryRepeat" table={CS_TYPES} control="radio" />
          <CodeField path="incision" table={CS_INCISIONS} control="radio" />
          <YesNoField path="CSBilateralSalpingectomy" />
          <YesNoField path="CSBTL" />
        </When>
        <When field="deliveryIndication">
          <IndicationsField path="deliveryIndication" mannerPath="deliveryManner" />
        </When>
        <When field="deliveryIndicationOthers">
          <TextField path="deliveryIndicationOthers" wide />
        </When>
      </SubSection>
      <RobsonFields />
      <WhenForm test={isSecondTwinShown}>
        <SubSection title="Second Twin">
          <MannerField path="deliveryManner2" />
          <When field="primaryRepeat2">
            <CodeField path="primaryRepeat2" table={CS_TYPES} control="radio" />
            <CodeField path="incision2" table={CS_INCISIONS} control="radio" />
            <YesNoField path="CSBilateralSalpingectomy2" />
            <YesNoField path="CSBTL2" />
          </When>
          <When field="deliveryIndication2">
            <IndicationsField path="deliveryIndication2" mannerPath="deliveryManner2" />
          </When>
          <When field="deliveryIndicationOthers2">
            <TextField path="deliveryIndicationOthers2" wide />
          </When>
        </SubSection>
      </WhenForm>
      <WhenForm test={isNeonatalShown}>
        <NeonatalList />
      </WhenForm>
    </SectionFrame>
  );
});
