import { memo, type ReactNode } from 'react';
import type { CaseForm } from '@pnss/libs/api';
import { isFieldShown } from '@pnss/libs/rules';
import { useFormPredicate } from '../state/case-form.context.js';

/** The body sections and the left-nav item each belongs to (SPEC.md §2). */
export const SECTION_IDS = {
  Admission: 'cf-section-admission',
  'Obstetric History': 'cf-section-obstetric-history',
  Delivery: 'cf-section-delivery',
  'Co-morbidities': 'cf-section-comorbidities',
  'Gynecological Conditions': 'cf-section-gyne',
  'MIGS Information': 'cf-section-migs',
  Discharge: 'cf-section-discharge',
} as const;

export const SectionFrame = memo(function SectionFrame({
  id, title, children, subtitle,
}: { id: string; title: string; subtitle?: string; children: ReactNode }) {
  return (
    <section id={id} className="cf-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="cf-section-title">
        {title}
      </h2>
      {subtitle ? <p className="cf-section-subtitle">{subtitle}</p> : null}
      {children}
    </section>
  );
});

export function SubSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="cf-subsection" role="group" aria-label={title}>
      <h3 className="cf-subsection-title">{title}</h3>
      <div className="cf-grid">{children}</div>
    </div>
  );
}

const fieldPredicates = new Map<keyof CaseForm, (form: CaseForm) => boolean>();

/** The predicate of CASE_FIELD_VISIBILITY for a field, with a stable identity for the store selector. */
export function fieldPredicate(field: keyof CaseForm): (form: CaseForm) => boolean {
  let predicate = fieldPredicates.get(field);
  if (!predicate) {
    predicate = (form: CaseForm) => isFieldShown(field, form);
    fieldPredicates.set(field, predicate);
  }
  return predicate;
}

/** Renders its children only while the libs rules show `field`. */
export function When({ field, children }: { field: keyof CaseForm; children: ReactNode }) {
  const shown = useFormPredicate(fieldPredicate(field));
  return shown ? <>{children}</> : null;
}

/** Renders its children only while a libs predicate holds (pass a module-level function). */
export function WhenForm({ test, children }: { test: (form: CaseForm) => boolean; children: ReactNode }) {
  const shown = useFormPredicate(test);
  return shown ? <>{children}</> : null;
}
