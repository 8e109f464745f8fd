import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { PatientPayload } from '@pnss/libs/api';
import { MEDICAL_HISTORY, OBSTETRIC_HISTORY } from '@pnss/libs/lookups';
import { ACCOUNT_MESSAGES, PHOTO_DATA_URL_MAX_LENGTH } from '@pnss/libs/validation';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize, IsArray, IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf, ValidateNested,
} from 'class-validator';
import { Trim } from '../../../common/validation/trim.decorator.js';
import { ECHO_TEXT_MAX, IgnoredEcho, OptionalPersonName, OptionalRecordVersion } from '../../../common/validation/shared-fields.decorators.js';
import { historyEntryKey, IsCalendarDate, IsLookupEntries, IsUniqueList, NAME_MAX } from '../../../common/validation/field-validators.js';
import { HISTORY_MAX_ENTRIES, HistoryEntryDto } from '../../../common/validation/history-entry.dto.js';


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
  @MaxLength(ECHO_TEXT_MAX, { message: `_id must be at most ${ECHO_TEXT_MAX} characters` })
  @IsString({ message: '_id must be text' })
  _id?: string | null;

  @ApiPropertyOptional({ description: 'Read-only: on PUT it must equal :patientid' })
  @IsOptional()
  @MaxLength(ECHO_TEXT_MAX, { message: `patientid must be at most ${ECHO_TEXT_MAX} characters` })
  @IsString({ message: 'patientid must be text' })
  patientid?: string;

  @ApiPropertyOptional()
  @OptionalPersonName('First name')
  firstName?: string;

  @ApiPropertyOptional({ nullable: true })
  @OptionalPersonName('Middle name')
  middleName?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @OptionalPersonName('Last name')
  lastName?: string;

  @ApiPropertyOptional({ nullable: true, description: 'A PNG, JPEG or WebP data URL of at most 200 KB' })
  @IsOptional()
  @MaxLength(PHOTO_DATA_URL_MAX_LENGTH, { message: ACCOUNT_MESSAGES.photoSize })
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
  @IsUniqueList('Past Medical Conditions', historyEntryKey)
  @ValidateNested({ each: true, message: 'Past Medical Conditions must be a list of entries' })
  @Type(() => HistoryEntryDto)
  @IsLookupEntries(MEDICAL_HISTORY, 'Past Medical Conditions')
  medicalHistory?: HistoryEntryDto[];

  @ApiPropertyOptional({ type: [HistoryEntryDto] })
  @ValidateIf((o: PatientDto) => o.obstetricHistory !== undefined)
  @IsArray({ message: 'Obstetric History must be a list' })
  @ArrayMaxSize(HISTORY_MAX_ENTRIES, { message: `Obstetric History may hold at most ${HISTORY_MAX_ENTRIES} entries` })
  @IsUniqueList('Obstetric History', historyEntryKey)
  @ValidateNested({ each: true, message: 'Obstetric History must be a list of entries' })
  @Type(() => HistoryEntryDto)
  @IsLookupEntries(OBSTETRIC_HISTORY, 'Obstetric History')
  obstetricHistory?: HistoryEntryDto[];

  @ApiPropertyOptional({ description: 'Required on PUT: the version you opened; a stale one is refused (409) with the newer patient' })
  @OptionalRecordVersion()
  version?: number;

  @IgnoredEcho('hasOpenCase', 'boolean')
  hasOpenCase?: boolean;

  @IgnoredEcho('isAdmitted', 'boolean')
  isAdmitted?: boolean;

  @IgnoredEcho('createdAt', 'text')
  createdAt?: string;

  @IgnoredEcho('updatedAt', 'text')
  updatedAt?: string;
}

/**
 * Query of GET /api/patients/duplicates: the new patient's name and birth date, before saving.
 * `lastName` may be left out for a patient known by one name.
 */
export class PatientDuplicateQueryDto {
  @ApiProperty({ description: 'First name about to be saved' })
  @Trim()
  @MaxLength(NAME_MAX, { message: `First name must be at most ${NAME_MAX} characters` })
  @IsNotEmpty({ message: 'First name is required' })
  @IsString({ message: 'First name must be text' })
  firstName!: string;

  @ApiPropertyOptional({ description: 'Last name about to be saved' })
  @OptionalPersonName('Last name')
  lastName?: string;

  @ApiProperty({ description: 'YYYY-MM-DD' })
  @IsCalendarDate('Date of Birth')
  birthDate!: string;
}
