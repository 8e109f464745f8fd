import { ListQueryDto, LowerCase, OptionalOneOf } from '../../../common/paging/list-query.dto.js';

export const PATIENT_TAGS = ['allPatients', 'all', 'openCase', 'admitted'] as const;
export type PatientTag = (typeof PATIENT_TAGS)[number];
export const PATIENT_CASE_FILTERS = ['all', 'ob', 'gyne'] as const;
export type PatientCaseFilter = (typeof PATIENT_CASE_FILTERS)[number];

/** GET /api/patients. */
export class PatientListQueryDto extends ListQueryDto {
  @OptionalOneOf('tag', PATIENT_TAGS, { default: 'allPatients' })
  tag?: PatientTag;

  @OptionalOneOf('cases', PATIENT_CASE_FILTERS, { default: 'all', description: 'Patients with an OB or a Gyne case' })
  @LowerCase()
  cases?: PatientCaseFilter;
}
