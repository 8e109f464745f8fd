import { Injectable, type PipeTransform, type Type } from '@nestjs/common';
import type { FieldError } from '@pnss/libs/api';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { badField, CommonErrorCode, commonError } from '../errors/common.errors.js';
import { VALIDATION_OPTIONS, toFieldErrors } from './validation.pipe.js';

/**
 * For a body that is a JSON list of DTOs (`@Body(new ParseDtoArrayPipe(ItemDto))`): each item is
 * validated like any body, and errors name the item as `[2].field`.
 */
@Injectable()
export class ParseDtoArrayPipe<T extends object> implements PipeTransform<unknown, Promise<T[]>> {
  constructor(
    private readonly itemType: Type<T>,
    private readonly maxItems = 1000,
  ) {}

  async transform(value: unknown): Promise<T[]> {
    if (!Array.isArray(value)) throw badField('body', 'The body must be a list');
    if (value.length > this.maxItems) throw badField('body', `The list may hold at most ${this.maxItems} items`);
    const items: T[] = [];
    const errors: FieldError[] = [];
    for (const [index, raw] of value.entries()) {
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
        errors.push({ field: `[${index}]`, message: `[${index}] must be an object` });
        continue;
      }
      const item = plainToInstance(this.itemType, raw);
      errors.push(
        ...toFieldErrors(
          await validate(item, { whitelist: VALIDATION_OPTIONS.whitelist, forbidNonWhitelisted: VALIDATION_OPTIONS.forbidNonWhitelisted }),
          `[${index}]`,
        ),
      );
      items.push(item);
    }
    if (errors.length > 0) throw commonError(CommonErrorCode.ValidationFailed, errors);
    return items;
  }
}
