import { memo } from 'react';
import type { CaseForm } from '@pnss/libs/api';
import { DELIVERY_PLACES, INDUCTION_COMPLICATIONS, INDUCTION_INDICATIONS, INDUCTION_METHODS, PREGNANCY_TYPE } from '@pnss/libs/enums';
import { isDeliveryMannerShown, isDeliverySectionShown, isNeonatalShown, isPostpartumVariant, isSecondTwinShown } from '@pnss/libs/rules';
import { CodeField, DateField, YesNoField } from '../fields/case-fields.js';
import { InfantsNumberField } from './delivery-fields.js';
import { GestationalAgeFields } from './aog-fields.js';
import { MannerOfDeliveryFields } from './manner-fields.js';
import { NeonatalList } from './neonatal-list.js';
import { RobsonFields } from '../robson/robson-fields.js';
import { useFormPredicate } from '../state/case-form.context.js';
import { SECTION_IDS, SectionFrame, SubSection, When, WhenForm } from './section-frame.js';

const multiple = (f: CaseForm) => f.pregnancyType === PREGNANCY_TYPE.MULTIPLE;
const mannerWaitsForTolac = (f: CaseForm) => isDeliverySectionShown(f) && !isDeliveryMannerShown(f);

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
      <GestationalAgeFields on="delivery" />
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
        <MannerOfDeliveryFields twin="first" />
      </SubSection>
      <RobsonFields />
      <WhenForm test={isSecondTwinShown}>
        <SubSection title="Second Twin">
          <MannerOfDeliveryFields twin="second" />
        </SubSection>
      </WhenForm>
      <WhenForm test={isNeonatalShown}>
        <NeonatalList />
      </WhenForm>
    </SectionFrame>
  );
});
