import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { GyneDiagnosisEntry, HistoryEntry } from '@pnss/libs/api';
import { GYNE_STAGES, PROCEDURE_TYPES } from '@pnss/libs/enums';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { INT32_MAX, IsCode } from './field-validators.js';

export const OTHERS_TEXT_MAX = 500;
/** The most entries a history list may hold (each entry is also unique: see IsLookupEntries). */
export const HISTORY_MAX_ENTRIES = 200;

/** What identifies an entry of a lookup list, in history lists and gynecologic diagnoses alike. */
abstract class LookupEntryDto {
  @ApiProperty()
  @Max(INT32_MAX, { message: 'conditionId is not an entry of its list' })
  @Min(0, { message: 'conditionId is not an entry of its list' })
  @IsInt({ message: 'conditionId must be a whole number' })
  conditionId!: number;

  @ApiProperty()
  @Max(INT32_MAX, { message: 'categoryId is not an entry of its list' })
  @Min(0, { message: 'categoryId is not an entry of its list' })
  @IsInt({ message: 'categoryId must be a whole number' })
  categoryId!: number;
}

/** One entry of a history list (medical and obstetric history, co-morbidities, procedures). */
export class HistoryEntryDto extends LookupEntryDto implements HistoryEntry {
  @ApiPropertyOptional({ nullable: true, description: 'Free text for condition 999999 Others' })
  @IsOptional()
  @MaxLength(OTHERS_TEXT_MAX, { message: `others must be at most ${OTHERS_TEXT_MAX} characters` })
  @IsString({ message: 'others must be text' })
  others?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'Procedure entries: PROCEDURE_TYPES' })
  @IsOptional()
  @IsCode(PROCEDURE_TYPES, 'Procedure type')
  procedureType?: number | null;
}

/** One gynecologic diagnosis (gynecologicalDiagnosis). */
export class GyneDiagnosisEntryDto extends LookupEntryDto implements GyneDiagnosisEntry {
  @ApiPropertyOptional({ nullable: true, description: 'GYNE_STAGES' })
  @IsOptional()
  @IsCode(GYNE_STAGES, 'Stage')
  gyneStage?: number | null;

  @ApiPropertyOptional({ nullable: true, description: "Free text for 999999 Others ('Specify histopath diagnosis')" })
  @IsOptional()
  @MaxLength(OTHERS_TEXT_MAX, { message: `othersField must be at most ${OTHERS_TEXT_MAX} characters` })
  @IsString({ message: 'othersField must be text' })
  othersField?: string | null;
}
