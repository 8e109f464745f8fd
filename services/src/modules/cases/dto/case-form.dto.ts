import { ApiPropertyOptional } from '@nestjs/swagger';
import type { CaseForm } from '@pnss/libs/api';
import { fieldMeta, limitMessage } from '@pnss/libs/validation';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize, IsArray, IsBoolean, IsInt, IsNumber, IsObject, IsOptional, IsString, Max, MaxLength, Min, ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ECHO_TEXT_MAX } from '../../../common/validation/shared-fields.decorators.js';
import { Trim } from '../../../common/validation/trim.decorator.js';
import {
  historyEntryKey, INT32_MAX, IsCalendarDate, IsCode, IsCodeList, IsLookupEntries, IsLookupId, IsLookupIdList, IsUniqueList, lookupIdCount,
} from '../../../common/validation/field-validators.js';
import { GyneDiagnosisEntryDto, HISTORY_MAX_ENTRIES, HistoryEntryDto } from '../../../common/validation/history-entry.dto.js';
import { registerFastCheck } from '../../../common/validation/fast-check.js';
import { compileCaseFormCheck } from './case-form.fast-check.js';
import {
  CASE_FORM_FIELD_SPECS, CONFIRMED_FIELD_NAME_MAX, CONFIRMED_WARNINGS_MAX, type FieldSpec, GYNE_FORM_FIELD_SPECS, INFANT_FIELD_SPECS,
} from './case-form.field-specs.js';

/** One neonatal record (SPEC.md §3 "Infant (neonatal item)"); its fields come from INFANT_FIELD_SPECS. */
export class InfantDto {}

/** The gyne form draft; its fields come from GYNE_FORM_FIELD_SPECS. */
export class GyneFormDraftDto {}


/**
 * Body of POST /api/patients/:patientid/cases and PUT .../cases/:caseid: any subset of the case
 * form's fields (CASE_FORM_FIELD_SPECS), each checked for its type. On PUT the fields sent are applied to
 * the stored form through the dependency function of @pnss/libs, so a partial body and a whole form
 * sent back are both fine. Unknown fields are a 400.
 */
export class CaseFormDto {
  /**
   * The fields whose soft plausibility warning (libs `softWarnings`: BMI above 60, a birth weight
   * far from the gestational age) the user confirmed. A save that changes such a value without
   * naming its field here is a 400 carrying the warning for that field; nothing is written.
   */
  @ApiPropertyOptional({ type: [String], description: 'Fields whose unusual value the user confirmed (e.g. ["bmi", "neonatal[0].pediatricWeight"])' })
  @ValidateIf((o: CaseFormDto) => o.confirmedWarnings !== undefined)
  @IsArray({ message: 'confirmedWarnings must be a list' })
  @ArrayMaxSize(CONFIRMED_WARNINGS_MAX, { message: `confirmedWarnings may hold at most ${CONFIRMED_WARNINGS_MAX} fields` })
  @IsString({ each: true, message: 'confirmedWarnings must be a list of field names' })
  @MaxLength(CONFIRMED_FIELD_NAME_MAX, { each: true, message: 'confirmedWarnings must be a list of field names' })
  confirmedWarnings?: string[];
}


/** What the controller receives once CaseFormDto has validated it. */
export type CaseFormInput = Partial<CaseForm> & { confirmedWarnings?: string[] };

/**
 * Puts the class-validator (and OpenAPI) decorators of each rule on `target`'s prototype. `label`
 * names the field in messages as the form shows it.
 */
function applyFieldSpecs(target: new () => object, rules: Record<string, FieldSpec>, label: (field: string) => string): void {
  const prototype = target.prototype as object;
  for (const [field, rule] of Object.entries(rules)) {
    const name = label(field);
    const present = ValidateIf((o: Record<string, unknown>) => o[field] !== undefined);
    const decorators: PropertyDecorator[] = [];
    switch (rule.kind) {
      case 'readOnly':
        decorators.push(
          IsOptional(),
          ...(rule.type === 'boolean'
            ? [IsBoolean({ message: `${field} must be true or false` })]
            : [IsString({ message: `${field} must be text` }), MaxLength(ECHO_TEXT_MAX, { message: `${field} must be at most ${ECHO_TEXT_MAX} characters` })]),
          ApiPropertyOptional({ type: rule.type === 'boolean' ? Boolean : String, description: 'Read-only: set by the server' }),
        );
        break;
      case 'version':
        decorators.push(
          IsOptional(),
          IsInt({ message: 'version must be a whole number' }),
          Min(0, { message: 'version must be 0 or more' }),
          Max(INT32_MAX, { message: `version must be at most ${INT32_MAX}` }),
          ApiPropertyOptional({ type: Number, description: 'Required on PUT: the version you opened' }),
        );
        break;
      case 'text':
        decorators.push(
          IsOptional(),
          ...(rule.trim ? [Trim()] : []),
          IsString({ message: `${name} must be text` }),
          MaxLength(rule.max, { message: `${name} must be at most ${rule.max} characters` }),
          ApiPropertyOptional({ type: String, nullable: true, description: name }),
        );
        break;
      case 'date':
        decorators.push(IsOptional(), IsCalendarDate(name), ApiPropertyOptional({ type: String, format: 'date', nullable: true, description: name }));
        break;
      case 'boolean':
        decorators.push(
          rule.nullable ? IsOptional() : present,
          IsBoolean({ message: `${name} must be true or false` }),
          ApiPropertyOptional({ type: Boolean, nullable: rule.nullable, description: name }),
        );
        break;
      case 'number': {
        const range = limitMessage(name, rule);
        decorators.push(
          IsOptional(),
          rule.integer
            ? IsInt({ message: `${name} must be a whole number` })
            : IsNumber({ allowNaN: false, allowInfinity: false }, { message: `${name} must be a number` }),
          Min(rule.min, { message: range }),
          Max(rule.max, { message: range }),
          ApiPropertyOptional({ type: Number, nullable: true, minimum: rule.min, maximum: rule.max, description: name }),
        );
        break;
      }
      case 'code':
        decorators.push(
          IsOptional(),
          IsCode(rule.table, name),
          ApiPropertyOptional({ type: Number, nullable: true, enum: rule.table.map((e) => e.id), description: name }),
        );
        break;
      case 'codeList':
        decorators.push(
          present,
          IsArray({ message: `${name} must be a list` }),
          ArrayMaxSize(rule.table.length, { message: `${name} may hold at most ${rule.table.length} choices` }),
          IsUniqueList(name),
          IsCodeList(rule.table, name),
          ApiPropertyOptional({ type: [Number], description: name }),
        );
        break;
      case 'lookup':
        decorators.push(IsOptional(), IsLookupId(rule.list, rule.level, name), ApiPropertyOptional({ type: Number, nullable: true, description: name }));
        break;
      case 'lookupList':
        decorators.push(
          present,
          IsArray({ message: `${name} must be a list` }),
          ArrayMaxSize(lookupIdCount(rule.list), { message: `${name} may hold at most ${lookupIdCount(rule.list)} entries` }),
          IsUniqueList(name),
          IsLookupIdList(rule.list, name),
          ApiPropertyOptional({ type: [Number], description: name }),
        );
        break;
      case 'entries': {
        const entryType = rule.entry === 'history' ? HistoryEntryDto : GyneDiagnosisEntryDto;
        decorators.push(
          present,
          IsArray({ message: `${name} must be a list` }),
          ArrayMaxSize(HISTORY_MAX_ENTRIES, { message: `${name} may hold at most ${HISTORY_MAX_ENTRIES} entries` }),
          IsUniqueList(name, historyEntryKey),
          ValidateNested({ each: true, message: `${name} must be a list of entries` }),
          Type(() => entryType),
          IsLookupEntries(rule.list, name),
          ApiPropertyOptional({ type: [entryType], description: name }),
        );
        break;
      }
      case 'infants':
        decorators.push(
          present,
          IsArray({ message: `${name} must be a list` }),
          ArrayMaxSize(rule.maxItems, { message: `${name} may hold at most ${rule.maxItems} infants` }),
          ValidateNested({ each: true, message: `${name} must be a list of infant records` }),
          Type(() => InfantDto),
          ApiPropertyOptional({ type: [InfantDto], description: name }),
        );
        break;
      case 'gyneForm':
        decorators.push(
          IsOptional(),
          IsObject({ message: `${name} must be an object` }),
          ValidateNested({ message: `${name} must be an object` }),
          Type(() => GyneFormDraftDto),
          ApiPropertyOptional({ type: GyneFormDraftDto, nullable: true, description: name }),
        );
        break;
    }
    for (const decorate of decorators) decorate(prototype, field);
  }
}

applyFieldSpecs(InfantDto, INFANT_FIELD_SPECS, (field) => fieldMeta(`neonatal[].${field}`).label);
applyFieldSpecs(GyneFormDraftDto, GYNE_FORM_FIELD_SPECS, (field) => `Gyne form ${field}`);
applyFieldSpecs(CaseFormDto, CASE_FORM_FIELD_SPECS, (field) => fieldMeta(field).label);

registerFastCheck(
  CaseFormDto,
  compileCaseFormCheck({ caseForm: CASE_FORM_FIELD_SPECS, infant: INFANT_FIELD_SPECS, gyneForm: GYNE_FORM_FIELD_SPECS }),
);
