import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { badField } from '../errors/common.errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** `@Param('userid', ParseIdPipe)`: a malformed id is a 400 naming the parameter, never a database error. */
@Injectable()
export class ParseIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown, metadata: ArgumentMetadata): string {
    const field = metadata.data ?? 'id';
    if (!isUuid(value)) throw badField(field, `${field} is not a valid id`);
    return value.toLowerCase();
  }
}
