import type { FieldError } from '../api/common.js';
import { PACKAGE_FILE_NAMES, PACKAGE_MAX_BYTES } from './package-format.js';

/**
 * What a census package ZIP may hold (issue 27 item 3): exactly the files its format names, each
 * once, under plain names. The department's builder checks what it writes against this, and the
 * society's hub checks what it receives before it inflates anything, so a package can never carry a
 * path (`../../tmp/x`, `/tmp/x`, `..\evil.txt`), an extra file (`.exe`, `.html`) or a second
 * `cases.json` that a streaming reader would take for the real one.
 */

/**
 * The hub's limits on what a package may inflate to, checked on the ZIP's central directory before
 * anything is inflated, and again byte by byte while inflating. A genuine package is JSON and CSV
 * text, which deflates about 5-20 to 1; a ZIP bomb of zeros deflates about 1,000 to 1.
 */
export const PACKAGE_LIMITS = {
  /** More entries than this are refused unread; up to it, each wrong one is named. */
  maxEntries: 64,
  /** The ZIP itself (the request body). */
  maxZipBytes: PACKAGE_MAX_BYTES,
  /** No entry may inflate beyond this, nor may all of them together. */
  maxInflatedBytes: 1024 * 1024 * 1024,
  /** The manifest is a page of JSON. */
  maxManifestBytes: 1024 * 1024,
  /** Inflated size over compressed size, per entry, for entries over a few kilobytes (genuine packages measured 10-160). */
  maxCompressionRatio: 200,
  /** Below this an entry's ratio is not judged (a tiny file of repeated text deflates well). */
  ratioFloorBytes: 64 * 1024,
} as const;

/** An entry name as it may be shown back: control and non-ASCII characters escaped, at most 120 characters. */
export function printableEntryName(name: string): string {
  const escaped = name.replace(/[^\x20-\x7e]/gu, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`);
  return escaped.length > 120 ? `${escaped.slice(0, 117)}...` : escaped;
}

/** Why an entry name may not be in a census package, or null when it is one of the package's files. */
export function packageEntryNameProblem(name: string): string | null {
  if (PACKAGE_FILE_NAMES.includes(name)) return null;
  if (name.includes('\\')) return 'is not a plain file name: it holds a backslash';
  if (name.startsWith('/') || /^[A-Za-z]:/u.test(name)) return 'is not a plain file name: it is an absolute path';
  if (name.split('/').includes('..')) return 'is not a plain file name: it climbs out of the folder (..)';
  if (name.includes('/')) return 'is not a plain file name: it is in a folder';
  if (/[^\x20-\x7e]/u.test(name)) return 'is not a plain file name: it holds control or non-ASCII characters';
  return `is not a file of a census package (it holds exactly ${PACKAGE_FILE_NAMES.join(', ')})`;
}

/**
 * The problems of a package's entry names, in the order they are stored: each name not of the
 * format, each file stored twice, and each file of the format missing. Empty when the package holds
 * exactly its files, each once.
 */
export function packageEntriesProblems(names: readonly string[]): FieldError[] {
  const problems: FieldError[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    const problem = packageEntryNameProblem(name);
    if (problem) problems.push({ field: printableEntryName(name), message: problem });
    else if (seen.has(name)) problems.push({ field: name, message: 'is stored twice in the package: each file may be there once' });
    seen.add(name);
  }
  for (const name of PACKAGE_FILE_NAMES) {
    if (!seen.has(name)) problems.push({ field: name, message: 'is missing from the package' });
  }
  return problems;
}
