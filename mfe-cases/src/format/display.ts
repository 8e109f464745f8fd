import dayjs, { type Dayjs } from 'dayjs';
import { ageInYears, calendarDateOf } from '@pnss/libs/derived';
import { CASE_FORM_TYPE } from '@pnss/libs/enums';
import { DATE_DISPLAY_FORMAT } from '@pnss/web';

/** Today as the server's rules read it ('YYYY-MM-DD', UTC), so the form and the server agree. */
export function todayIso(): string {
  return calendarDateOf(new Date());
}

/** 'YYYY-MM-DD' as MM/DD/YYYY (SPEC.md §9 default format); '' when there is no date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = dayjs(iso.slice(0, 10), 'YYYY-MM-DD');
  return date.isValid() ? date.format(DATE_DISPLAY_FORMAT) : '';
}

export function toIsoDate(date: Dayjs | null | undefined): string | null {
  return date && date.isValid() ? date.format('YYYY-MM-DD') : null;
}

export function fromIsoDate(iso: string | null | undefined): Dayjs | null {
  if (!iso) return null;
  const date = dayjs(iso.slice(0, 10), 'YYYY-MM-DD');
  return date.isValid() ? date : null;
}

export interface NamedPerson {
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
}

/** A patient made on the case-information screen has only a birth date until the patient form names them. */
export const UNNAMED_PATIENT = 'Unnamed patient';

export function fullName(person: NamedPerson): string {
  const name = [person.firstName, person.middleName, person.lastName]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return name || UNNAMED_PATIENT;
}

export function initials(person: NamedPerson): string {
  const letters = [person.firstName, person.lastName].map((part) => (part ?? '').trim().charAt(0).toUpperCase()).join('');
  return letters || '?';
}

/** Whole years today (SPEC.md §9), or null without a usable birth date. */
export function ageToday(birthDate: string | null | undefined): number | null {
  return ageInYears(birthDate, todayIso());
}

export function ageLabel(age: number | null | undefined): string {
  return age === null || age === undefined ? 'Age unknown' : `Age ${age}`;
}

/** SPEC.md §1: a case is OB, Gyne, or both; null until the case form says. */
export function caseTypeLabel(form: { isPregnancy?: boolean | null; isGyne?: boolean | null; caseFormType?: number | null }): string | null {
  const ob = form.isPregnancy === true || form.caseFormType === CASE_FORM_TYPE.OB;
  const gyne = form.isGyne === true || form.caseFormType === CASE_FORM_TYPE.GYNE;
  if (ob && gyne) return 'OB and Gyne';
  if (ob) return 'OB';
  return gyne ? 'Gyne' : null;
}
