import { memo } from 'react';
import type { CaseForm } from '@pnss/libs/api';
import { isMorbiditiesShown, isObProceduresShown, isPregnancyComplicationsShown } from '@pnss/libs/rules';
import { HistoryListField } from '../fields/history-list-field.js';
import { SECTION_IDS, SectionFrame, SubSection, WhenForm } from './section-frame.js';

const complicationsShown = (f: CaseForm) => isPregnancyComplicationsShown(f) || isMorbiditiesShown(f);

/**
 * The Co-morbidities nav item: past medical conditions, SPEC.md §2 Pregnancy Complications
 * (pregnant and complicated; the libs rules also ask for them once a delivery manner is set)
 * and OB Procedures for OB cases.
 */
export const ComorbiditiesSection = memo(function ComorbiditiesSection() {
  return (
    <SectionFrame id={SECTION_IDS['Co-morbidities']} title="Co-morbidities">
      <div className="cf-grid">
        <HistoryListField path="medicalHistory" />
      </div>
      <WhenForm test={complicationsShown}>
        <SubSection title="Pregnancy Complications">
          <HistoryListField path="morbidities" />
        </SubSection>
      </WhenForm>
      <WhenForm test={isObProceduresShown}>
        <SubSection title="OB Procedures">
          <HistoryListField path="obProcedure" />
        </SubSection>
      </WhenForm>
    </SectionFrame>
  );
});
