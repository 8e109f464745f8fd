/**
 * Text that shows other than it reads (issue 27 item 6): a direction override or isolate
 * (U+202A-U+202E, U+2066-U+2069) shows 'Anna Cruz' reversed or split; zero-width characters
 * (U+200B-U+200F, U+2060) and a byte-order mark (U+FEFF, leading or not) make two names that look
 * the same differ. A name shown reversed or split is a wrong-patient risk, so names and free text
 * refuse them: the forms say so as the user types, and the server refuses them in every body, query
 * and parameter (its input sanitiser), with the same words.
 */
const DECEPTIVE = /[\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;

/** Why `text` may not be stored as it is (naming the first such character), or null. */
export function deceptiveTextProblem(text: string): string | null {
  const found = DECEPTIVE.exec(text);
  if (!found) return null;
  const code = `U+${(found[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  return `must not contain invisible direction or zero-width characters (${code} at position ${found.index + 1}): retype it`;
}
