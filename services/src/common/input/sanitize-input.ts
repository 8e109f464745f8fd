import { deceptiveTextProblem } from '@pnss/libs/validation';
import { badField } from '../errors/common.errors.js';

/**
 * The one check every body, query and route parameter passes before its DTO (SanitizeInputPipe,
 * registered globally): text the database or a reader could choke on is refused with a 400 naming
 * the field, and text is normalised to NFC so the same name is stored the same way whatever the
 * keyboard. Passwords are checked but never changed: their hash must match what was typed.
 */

/** C0 controls but tab, newline and carriage return; DEL; C1 controls. NUL is among them. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Characters that show nothing: spaces of every kind, format characters (zero-width, BOM, bidi), combining marks, fillers. */
// eslint-disable-next-line no-misleading-character-class -- a class of lone marks, on purpose
const INVISIBLE = /^[\p{White_Space}\p{Cf}\p{Mn}\p{Me}\u115F\u1160\u3164\uFFA0\u2800\u034F]+$/u;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const PLAIN_SPACE = /^[ \t\r\n]*$/;
/** Text that passes every check unchanged: space to tilde only (no control, no surrogate, no carriage return, all visible or plain space). */
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;
/** Keys that could reach an object's prototype when a body is copied or merged. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** A body nested deeper than the JSON parser allows never gets here; this only bounds the walk. */
const MAX_DEPTH = 64;

function isPassword(key: string): boolean {
  return /password/i.test(key);
}

function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

/** The text checked and normalised, or a 400 naming `field`. */
export function sanitizeText(value: string, field: string, keepAsIs = false): string {
  // Printable ASCII and nothing else (most keys and values): nothing to refuse, and already NFC.
  if (PRINTABLE_ASCII.test(value)) return value;
  const name = field || 'body';
  if (value.includes('\u0000')) throw badField(name, `${name} must not contain a NUL character`);
  if (LONE_SURROGATE.test(value)) throw badField(name, `${name} contains a broken character (an unpaired surrogate)`);
  if (CONTROL.test(value.replaceAll('\r\n', '\n'))) {
    throw badField(name, `${name} must not contain control characters (only tab and new line are allowed)`);
  }
  if (value.length > 0 && !PLAIN_SPACE.test(value) && INVISIBLE.test(value)) {
    throw badField(name, `${name} must contain visible characters, not only invisible ones`);
  }
  if (keepAsIs) return value;
  // libs' rule, which the forms check too: no direction override, zero-width character or BOM.
  const deceptive = deceptiveTextProblem(value);
  if (deceptive) throw badField(name, `${name} ${deceptive}`);
  return value.replaceAll('\r\n', '\n').replaceAll('\r', '\n').normalize('NFC');
}

/**
 * Walks a parsed body, query or parameter and returns it with every string checked and normalised
 * (objects are rebuilt, never mutated). Keys are checked like values; `__proto__`, `constructor` and
 * `prototype` are refused as field names.
 */
export function sanitizeInput(value: unknown, path = '', depth = 0, keepAsIs = false): unknown {
  if (typeof value === 'string') return sanitizeText(value, path, keepAsIs);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) throw badField(path || 'body', `${path || 'body'} is nested too deeply`);
  if (Array.isArray(value)) return value.map((item, index) => sanitizeInput(item, childPath(path, index), depth + 1, keepAsIs));
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const field = childPath(path, key);
    if (FORBIDDEN_KEYS.has(key)) throw badField(field, `${field} is not an allowed field name`);
    const cleanKey = sanitizeText(key, field);
    result[cleanKey] = sanitizeInput((value as Record<string, unknown>)[key], field, depth + 1, keepAsIs || isPassword(key));
  }
  return result;
}
