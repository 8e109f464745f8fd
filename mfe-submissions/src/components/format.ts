import type { ClosedCasePatient } from '@pnss/libs/api';
import { ageInYears } from '@pnss/libs/derived';
import { DATE_DISPLAY_FORMAT } from '@pnss/web';
import dayjs from 'dayjs';

/** 'YYYY-MM-DD' as MM/DD/YYYY (SPEC.md §9); a dash when missing. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  const date = dayjs(value.slice(0, 10), 'YYYY-MM-DD');
  return date.isValid() ? date.format(DATE_DISPLAY_FORMAT) : '-';
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '-';
  const date = dayjs(value);
  return date.isValid() ? date.format(`${DATE_DISPLAY_FORMAT} HH:mm`) : '-';
}

export function fullName(patient: Pick<ClosedCasePatient, 'firstName' | 'middleName' | 'lastName'>): string {
  const name = [patient.firstName, patient.middleName, patient.lastName].filter((part) => part && part.trim()).join(' ');
  return name || 'Unnamed patient';
}

export function initials(patient: Pick<ClosedCasePatient, 'firstName' | 'lastName'>): string {
  const letters = `${patient.firstName?.[0] ?? ''}${patient.lastName?.[0] ?? ''}`.toUpperCase();
  return letters || '?';
}

/** Whole years today, from the birth date. */
export function ageToday(birthDate: string | null | undefined): number | null {
  return ageInYears(birthDate, dayjs().format('YYYY-MM-DD'));
}

/** SPEC.md §2 'n of total': how far into the list this page reaches. */
export function pageRange(offset: number, shown: number, total: number): string {
  return `${Math.min(offset * 100 + shown, total)} of ${total}`;
}
