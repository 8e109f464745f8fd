import { AppError } from './app-error.js';
import { errorFactory } from './error-table.js';

enum SampleCode {
  Missing = 'MISSING',
  Taken = 'TAKEN',
  Counted = 'COUNTED',
}

const sampleError = errorFactory<SampleCode, { count?: number }>(
  {
    [SampleCode.Missing]: { status: 404, message: 'Thing not found' },
    [SampleCode.Taken]: { status: 409, message: 'Name already exists', field: 'name' },
    [SampleCode.Counted]: ({ count = 0 }) => new AppError(400, `${count} things`),
  },
  {},
);

describe('errorFactory: a feature error answers its code with the status and words of its table', () => {
  it('answers a fixed entry with its status and message and no field errors', () => {
    const error = sampleError(SampleCode.Missing);
    expect([error.statusCode, error.message, error.errors]).toEqual([404, 'Thing not found', undefined]);
  });

  it('names the field of an entry that has one, with the same message', () => {
    expect(sampleError(SampleCode.Taken).errors).toEqual([{ field: 'name', message: 'Name already exists' }]);
  });

  it('passes what the error was raised with to a computed entry, or the default when nothing was', () => {
    expect(sampleError(SampleCode.Counted, { count: 3 }).message).toBe('3 things');
    expect(sampleError(SampleCode.Counted).message).toBe('0 things');
  });
});
