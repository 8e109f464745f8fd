import { memo } from 'react';
import { MIGS_CHOICES } from '@pnss/libs/enums';
import { CheckField, CodeField } from '../fields/case-fields.js';
import { SECTION_IDS, SectionFrame, When } from './section-frame.js';

/** SPEC.md §2 MIGS Information, always: surgeon and assistant, and the fellowships of a FELLOW. */
export const MigsSection = memo(function MigsSection() {
  return (
    <SectionFrame id={SECTION_IDS['MIGS Information']} title="MIGS Information">
      <div className="cf-grid">
        <CodeField path="MIGSSurgeon" label="MIGS Surgeon (fellow of PSGE or PSRM)" table={MIGS_CHOICES} control="radio" />
        <When field="MIGSSurgeonPSGE">
          <CheckField path="MIGSSurgeonPSGE" label="Surgeon: PSGE fellow" />
          <CheckField path="MIGSSurgeonPSRM" label="Surgeon: PSRM fellow" />
        </When>
      </div>
      <div className="cf-grid">
        <CodeField path="MIGSAssist" label="MIGS Assist (fellow of PSGE or PSRM)" table={MIGS_CHOICES} control="radio" />
        <When field="MIGSAssistPSGE">
          <CheckField path="MIGSAssistPSGE" label="Assist: PSGE fellow" />
          <CheckField path="MIGSAssistPSRM" label="Assist: PSRM fellow" />
        </When>
      </div>
    </SectionFrame>
  );
});
