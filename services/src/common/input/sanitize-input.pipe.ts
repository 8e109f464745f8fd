import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { sanitizeInput } from './sanitize-input.js';

/**
 * Global, and first: every `@Body()`, `@Query()` and `@Param()` of every route is checked by
 * sanitizeInput before its DTO validation, so no feature can forget it.
 */
@Injectable()
export class SanitizeInputPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    return sanitizeInput(value, metadata.data ?? '');
  }
}
