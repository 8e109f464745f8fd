import { ApiPropertyOptional } from '@nestjs/swagger';
import type { PatientPayload } from '@pnss/libs/api';
import { MEDICAL_HISTORY, OBSTETRIC_HISTORY } from '@pnss/libs/lookups';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsOptional, IsString, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { Trim } from '../../../common/validation/trim.decorator.js';
import { IsCalendarDate, IsLookupEntries } from './field-rules.js';
import { HistoryEntryDto } from './history-entry.dto.js';

export const NAME_MAX = 100;
export const HISTORY_MAX_ENTRIES = 200;

/**
 * Body of POST /api/patients and PUT /api/patients/:patientid. On PUT every field is optional and
 * only those sent change. `firstName` and `birthDate` are required by the patient rules of
 * `@pnss/libs` (checked by the service on the record as it would be saved). The server-owned
 * fields a client may echo back (`hasOpenCase`, `isAdmitted`, `createdAt`, `updatedAt`) are
 * accepted and ignored; `_id` and `patientid`, when sent on PUT, must name the patient of the path.
 * The type check sits nearest each property: class-validator reports it first, so a number sent as
 * a name reads 'must be text', not 'too long'.
 */
export class PatientDto implements Partial<PatientPayload> {
  @ApiPropertyOptional({ description: 'Read-only: on PUT it must equal :patientid' })
  @IsOptional()
  @IsString({ message: '_id must be text' })
  _id?: string | null;

  @ApiPropertyOptional({ description: 'Read-only: on PUT it must equal :patientid' })
  @IsOptional()
  @IsString({ message: 'patientid must be text' })
  patientid?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Trim()
  @MaxLength(NAME_MAX, { message: `First name must be at most ${NAME_MAX} characters` })
  @IsString({ message: 'First name must be text' })
  firstName?: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @Trim()
  @MaxLength(NAME_MAX, { message: `Middle name must be at most ${NAME_MAX} characters` })
  @IsString({ message: 'Middle name must be text' })
  middleName?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @Trim()
  @MaxLength(NAME_MAX, { message: `Last name must be at most ${NAME_MAX} characters` })
  @IsString({ message: 'Last name must be text' })
  lastName?: string;

  @ApiPropertyOptional({ nullable: true, description: 'A PNG, JPEG or WebP data URL of at most 200 KB' })
  @IsOptional()
  @IsString({ message: 'Photo must be a PNG, JPEG or WebP image' })
  avatar?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'YYYY-MM-DD' })
  @IsOptional()
  @IsCalendarDate('Date of Birth')
  birthDate?: string | null;

  @ApiPropertyOptional({ description: 'The user confirmed that an under-19 patient is a pediatric case' })
  @ValidateIf((o: PatientDto) => o.pediatricConfirmed !== undefined)
  @IsBoolean({ message: 'pediatricConfirmed must be true or false' })
  pediatricConfirmed?: boolean;

  @ApiPropertyOptional({ type: [HistoryEntryDto] })
  @ValidateIf((o: PatientDto) => o.medicalHistory !== undefined)
  @IsArray({ message: 'Past Medical Conditions must be a list' })
  @ArrayMaxSize(HISTORY_MAX_ENTRIES, { message: `Past Medical Conditions may hold at most ${HISTORY_MAX_ENTRIES} entries` })
  @ValidateNested({ each: true, message: 'Past Medical Conditions must be a list of entries' })
  @Type(() => HistoryEntryDto)
  @IsLookupEntries(MEDICAL_HISTORY, 'Past Medical Conditions')
  medicalHistory?: HistoryEntryDto[];

  @ApiPropertyOptional({ type: [HistoryEntryDto] })
  @ValidateIf((o: PatientDto) => o.obstetricHistory !== undefined)
  @IsArray({ message: 'Obstetric History must be a list' })
  @ArrayMaxSize(HISTORY_MAX_ENTRIES, { message: `Obstetric History may hold at most ${HISTORY_MAX_ENTRIES} entries` })
  @ValidateNested({ each: true, message: 'Obstetric History must be a list of entries' })
  @Type(() => HistoryEntryDto)
  @IsLookupEntries(OBSTETRIC_HISTORY, 'Obstetric History')
  obstetricHistory?: HistoryEntryDto[];

  @ApiPropertyOptional({ description: 'The version you opened: a stale one is refused (409) with the newer patient' })
  @IsOptional()
  @IsInt({ message: 'version must be a whole number' })
  @Min(0, { message: 'version must be 0 or more' })
  version?: number;

  @ApiPropertyOptional({ description: 'Read-only, ignored' })
  @IsOptional()
  @IsBoolean({ message: 'hasOpenCase must be true or false' })
  hasOpenCase?: boolean;

  @ApiPropertyOptional({ description: 'Read-only, ignored' })
  @IsOptional()
  @IsBoolean({ message: 'isAdmitted must be true or false' })
  isAdmitted?: boolean;

  @ApiPropertyOptional({ description: 'Read-only, ignored' })
  @IsOptional()
  @IsString({ message: 'createdAt must be text' })
  createdAt?: string;

  @ApiPropertyOptional({ description: 'Read-only, ignored' })
  @IsOptional()
  @IsString({ message: 'updatedAt must be text' })
  updatedAt?: string;
}
