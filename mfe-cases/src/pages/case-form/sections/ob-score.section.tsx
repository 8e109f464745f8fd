import { memo } from 'react';
import { NumberField } from '../fields/case-fields.js';
import { HistoryListField } from '../fields/history-list-field.js';
import { SECTION_IDS, SectionFrame } from './section-frame.js';

/** SPEC.md §2 Obstetric Score, always: G P (FT-Pr-Ab-LB) and the obstetric history. */
export const ObScoreSection = memo(function ObScoreSection() {
  return (
    <SectionFrame id={SECTION_IDS['Obstetric History']} title="Obstetric Score and History" subtitle="G P (FT-Pr-Ab-LB)">
      <div className="cf-grid cf-grid-score">
        <NumberField path="obscoreG" label="G (gravida)" integer />
        <NumberField path="obscoreP" label="P (para)" integer />
        <NumberField path="obscoreFT" label="FT (full term)" integer />
        <NumberField path="obscorePr" label="Pr (preterm)" integer />
        <NumberField path="obscoreAb" label="Ab (abortions)" integer />
        <NumberField path="obscoreLB" label="LB (living children)" integer />
      </div>
      <div className="cf-grid">
        <HistoryListField path="obstetricHistory" />
      </div>
    </SectionFrame>
  );
});
