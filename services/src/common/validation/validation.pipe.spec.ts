import type { ValidationError } from '@nestjs/common';
import { toFieldErrors } from './validation.pipe.js';

describe('validation failures become { field, message }', () => {
  it('names nested fields and list items, and says a missing value first', () => {
    const errors: ValidationError[] = [
      { property: 'firstname', constraints: { maxLength: 'too long', isNotEmpty: 'First name is required' }, children: [] },
      {
        property: 'neonatal',
        children: [{ property: '0', children: [{ property: 'apgar1m', constraints: { max: 'Invalid Value' }, children: [] }] }],
      },
      { property: 'extra', constraints: { whitelistValidation: 'property extra should not exist' }, children: [] },
    ];
    expect(toFieldErrors(errors)).toEqual([
      { field: 'firstname', message: 'First name is required' },
      { field: 'neonatal[0].apgar1m', message: 'Invalid Value' },
      { field: 'extra', message: 'extra is not an allowed field' },
    ]);
  });
});
