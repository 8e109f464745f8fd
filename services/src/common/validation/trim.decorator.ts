import { Transform } from 'class-transformer';

/** Trims surrounding spaces from a text field before it is validated. */
export const Trim = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
