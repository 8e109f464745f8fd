import { type ArgumentMetadata, ValidationPipe } from '@nestjs/common';

/**
 * A check compiled for one body DTO, run before class-validator: the body as the validation would
 * hand it on (text trimmed where the DTO trims) when the body is certainly valid, or `undefined`
 * for "let class-validator decide". It may send a valid body on to class-validator, never the other
 * way round: every error, and its message, still comes from class-validator. The case form's
 * hundred decorated fields made class-transformer and class-validator the largest cost of a save.
 */
export type FastCheck = (body: unknown) => object | undefined;

const checks = new Map<abstract new () => object, FastCheck>();

/** Registers the fast check of a DTO (next to the DTO, when its module loads). */
export function registerFastCheck(dto: abstract new () => object, check: FastCheck): void {
  checks.set(dto, check);
}

/** The global validation pipe: a body whose DTO has a fast check that passes skips class-validator. */
export class FastCheckedValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const check = metadata.type === 'body' && metadata.metatype ? checks.get(metadata.metatype as abstract new () => object) : undefined;
    return check?.(value) ?? super.transform(value, metadata);
  }
}
