import { AppError } from '../errors/app-error.js';
import { jsonDepthExceeds } from './json-body-parser.js';
import { sanitizeInput } from './sanitize-input.js';

function fieldOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.errors?.[0]?.field;
    throw error;
  }
  return undefined;
}

describe('the JSON depth check', () => {
  it('counts brackets outside strings only, escapes included', () => {
    expect(jsonDepthExceeds('{"a":[[1]]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[[[1]]]}', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[[[[[\\"[[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('['.repeat(10_000), 32)).toBe(true);
  });
});

describe('the one sanitising step', () => {
  it('names the field path of a bad string, nested and in lists', () => {
    expect(fieldOf(() => sanitizeInput({ a: { b: ['ok', 'x\u0000'] } }))).toBe('a.b[1]');
    expect(fieldOf(() => sanitizeInput('\ud800', 'search'))).toBe('search');
    expect(fieldOf(() => sanitizeInput([{ name: '\u200b' }]))).toBe('[0].name');
  });

  it('keeps tab and new line, turns CRLF into a new line, and normalises to NFC', () => {
    expect(sanitizeInput({ note: 'a\tb\r\nc', name: 'Jose\u0301' })).toEqual({ note: 'a\tb\nc', name: 'Jos\u00e9' });
  });

  it('leaves passwords as typed but still refuses NUL in them', () => {
    expect(sanitizeInput({ password: 'Jose\u0301 pass' })).toEqual({ password: 'Jose\u0301 pass' });
    expect(fieldOf(() => sanitizeInput({ password: 'a\u0000' }))).toBe('password');
  });

  it('allows plain spaces (the DTOs say "required") and emoji, refuses keys that reach a prototype', () => {
    expect(sanitizeInput({ a: '   ', b: '👍🏽', c: 'e\u0301' })).toEqual({ a: '   ', b: '👍🏽', c: '\u00e9' });
    expect(fieldOf(() => sanitizeInput(JSON.parse('{"x":{"__proto__":{"p":1}}}')))).toBe('x.__proto__');
    expect(fieldOf(() => sanitizeInput({ constructor: { prototype: {} } }))).toBe('constructor');
  });

  it('passes printable ASCII as it is, and refuses every control character below space and DEL (the edges of the printable range)', () => {
    const printable = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
    expect(sanitizeInput({ all: printable })).toEqual({ all: printable });
    for (const code of [0x01, 0x08, 0x0b, 0x1f, 0x7f, 0x80, 0x9f]) {
      expect(fieldOf(() => sanitizeInput({ room: `Ward ${String.fromCharCode(code)}` }))).toBe('room');
    }
    expect(sanitizeInput({ room: 'Ward\r3' })).toEqual({ room: 'Ward\n3' });
  });
});
