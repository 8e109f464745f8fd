import type { CaseForm } from '@pnss/libs/api';
import { AOG_RANGES, AOG_TYPES, decode } from '@pnss/libs/enums';
import { isDeliverySectionShown, isExactAog, isPregnant } from '@pnss/libs/rules';
import { CodeField, DerivedField, NumberField } from '../fields/case-fields.js';
import { SubSection, WhenForm } from './section-frame.js';

const formatAog = (v: unknown) => decode(AOG_RANGES, v);

/**
 * The two ages of gestation of SPEC.md §2 (on admission, on delivery), each asked the same way: its
 * type, then weeks and days with the range derived from them when exact, else the range chosen. Each
 * is asked while its section is (admission: pregnant; delivery: the Delivery section shown).
 */
const AGES = {
  admission: {
    title: 'Age of Gestation on Admission',
    type: 'admissionAOGType', weeks: 'admissionWeeks', days: 'admissionDays', aog: 'admissionAOG',
    exact: (f: CaseForm) => isPregnant(f) && isExactAog(f.admissionAOGType),
    estimated: (f: CaseForm) => isPregnant(f) && !isExactAog(f.admissionAOGType),
  },
  delivery: {
    title: 'Age of Gestation on Delivery',
    type: 'deliveryAOGType', weeks: 'deliveryWeeks', days: 'deliveryDays', aog: 'deliveryAOG',
    exact: (f: CaseForm) => isDeliverySectionShown(f) && isExactAog(f.deliveryAOGType),
    estimated: (f: CaseForm) => isDeliverySectionShown(f) && !isExactAog(f.deliveryAOGType),
  },
} as const satisfies Record<string, {
  title: string; type: keyof CaseForm; weeks: keyof CaseForm; days: keyof CaseForm; aog: keyof CaseForm;
  exact: (f: CaseForm) => boolean; estimated: (f: CaseForm) => boolean;
}>;

export function GestationalAgeFields({ on }: { on: keyof typeof AGES }) {
  const age = AGES[on];
  return (
    <SubSection title={age.title}>
      <CodeField path={age.type} table={AOG_TYPES} control="radio" />
      <WhenForm test={age.exact}>
        <NumberField path={age.weeks} integer suffix="weeks" />
        <NumberField path={age.days} integer suffix="days" />
        <DerivedField path={age.aog} format={formatAog} hint="From the weeks" />
      </WhenForm>
      <WhenForm test={age.estimated}>
        <CodeField path={age.aog} table={AOG_RANGES} control="select" />
      </WhenForm>
    </SubSection>
  );
}
