import { memo, useCallback } from 'react';
import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { isDeliverySectionShown, isGyneSectionShown } from '@pnss/libs/rules';
import { CASE_SECTIONS, type CaseSection } from '@pnss/libs/validation';
import { useCaseFormSelector, useFormPredicate } from '../state/case-form.context.js';
import type { CaseFormState } from '../state/case-form.store.js';
import { SECTION_IDS } from '../sections/section-frame.js';
import { focusSection } from './focus-field.js';

/**
 * The left navigation (SPEC.md §2): one item per section, Delivery only when delivered and
 * Gynecological Conditions only for gyne cases, each flagged live with whether its fields pass
 * the close-case check. Clicking an item scrolls to its section.
 */
export const CaseNav = memo(function CaseNav() {
  const delivered = useFormPredicate(isDeliverySectionShown);
  const gyne = useFormPredicate(isGyneSectionShown);
  const sections = CASE_SECTIONS.filter(
    (s) => (s !== 'Delivery' || delivered) && (s !== 'Gynecological Conditions' || gyne),
  );
  return (
    <nav aria-label="Case form sections" className="cf-nav">
      <ul>
        {sections.map((section) => (
          <NavItem key={section} section={section} />
        ))}
      </ul>
    </nav>
  );
});

const NavItem = memo(function NavItem({ section }: { section: CaseSection }) {
  const failing = useCaseFormSelector(useCallback((s: CaseFormState) => s.failingSections.has(section), [section]));
  return (
    <li>
      <a
        href={`#${SECTION_IDS[section]}`}
        className={`cf-nav-item${failing ? ' cf-nav-failing' : ' cf-nav-passing'}`}
        data-section={section}
        data-valid={failing ? 'false' : 'true'}
        aria-label={`${section}: ${failing ? 'fields to complete before closing' : 'ready to close'}`}
        onClick={(event) => {
          // The app routes on the hash: scroll instead of navigating.
          event.preventDefault();
          focusSection(SECTION_IDS[section]);
        }}
      >
        {failing ? (
          <ExclamationCircleFilled className="cf-nav-icon" aria-hidden />
        ) : (
          <CheckCircleFilled className="cf-nav-icon" aria-hidden />
        )}
        <span>{section}</span>
      </a>
    </li>
  );
});
