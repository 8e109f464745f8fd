/**
 * The elements of a JSON array read as a stream of bytes, each as its own text, for JSON.parse.
 *
 * Why not stream-json's StreamArray: it builds every value from SAX tokens in JavaScript, which was
 * two thirds of the server's CPU in the upload of a 10,000-case package (30 MB of cases.json: about
 * 1.2 s of 1.8 s, npm run bench with --cpu-prof). This only finds where each top-level element
 * begins and ends (strings and their escapes, nesting), one byte at a time, and leaves the parsing
 * of each element to the platform's JSON.parse, which also rejects any element that is not JSON.
 * The structure between elements (the brackets, the commas, nothing after the closing bracket) is
 * checked here. An element's bytes are decoded as strict UTF-8: a byte sequence that is not UTF-8
 * is malformed, as it is for JSON.parse of the whole file.
 */
export class JsonArrayError extends Error {
  constructor(message: string, readonly notAnArray = false) {
    super(message);
  }
}

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** The first byte of a JSON value other than an array: such a file is JSON, but not a list. */
const VALUE_START = /^[{"\-0-9tfn]$/u;

const BOM = [0xef, 0xbb, 0xbf];

const isSpace = (b: number) => b === SPACE || b === LF || b === CR || b === TAB;

type State = 'start' | 'first' | 'value' | 'after' | 'end';

export async function* jsonArrayElements(chunks: AsyncIterable<Buffer>): AsyncGenerator<{ index: number; text: string }> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let state = 'start' as State;
  let bom = 0;
  // Bytes read before this chunk.
  let offset = 0;
  let index = 0;
  // The element being read: its pieces from earlier chunks, and where it began in this one.
  let pieces: Buffer[] = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  let scalar = false;
  // A comma was read: an element must follow (no trailing comma).
  let pendingComma = false;

  const textOf = (chunk: Buffer, from: number, to: number): string => {
    const last = chunk.subarray(from, to);
    const bytes = pieces.length === 0 ? last : Buffer.concat([...pieces, last]);
    pieces = [];
    try {
      return decoder.decode(bytes);
    } catch {
      throw new JsonArrayError('is not valid UTF-8');
    }
  };

  for await (const chunk of chunks) {
    let begin = state === 'value' ? 0 : -1;
    for (let i = 0; i < chunk.length; i += 1) {
      const b = chunk[i];
      if (state === 'value') {
        if (inString) {
          if (escaped) escaped = false;
          else if (b === BACKSLASH) escaped = true;
          else if (b === QUOTE) {
            inString = false;
            if (scalar && depth === 0) {
              // A top-level string ends here.
              yield { index, text: textOf(chunk, begin, i + 1) };
              index += 1;
              state = 'after';
            }
          }
          continue;
        }
        if (scalar) {
          if (b === COMMA || b === CLOSE_BRACKET || isSpace(b)) {
            yield { index, text: textOf(chunk, begin, i) };
            index += 1;
            state = 'after';
            i -= 1; // the comma, bracket or space is read in 'after'
          }
          continue;
        }
        if (b === QUOTE) inString = true;
        else if (b === OPEN_BRACE || b === OPEN_BRACKET) depth += 1;
        else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
          depth -= 1;
          if (depth === 0) {
            yield { index, text: textOf(chunk, begin, i + 1) };
            index += 1;
            state = 'after';
          }
        }
        continue;
      }
      if (state === 'start' && bom < 3 && offset + i === bom && b === BOM[bom]) {
        // A UTF-8 byte-order mark before the array is read past, as JSON readers do.
        bom += 1;
        continue;
      }
      if (isSpace(b)) continue;
      if (state === 'start') {
        if (b !== OPEN_BRACKET) throw new JsonArrayError('Top-level value should be an array', VALUE_START.test(String.fromCharCode(b)));
        state = 'first';
      } else if (state === 'after') {
        if (b === CLOSE_BRACKET) state = 'end';
        else if (b !== COMMA) throw new JsonArrayError(`Unexpected byte after element ${index - 1}`);
        else {
          // The next element begins at its first byte that is not a space.
          state = 'first';
          pendingComma = true;
        }
      } else if (state === 'first') {
        if (b === CLOSE_BRACKET && !pendingComma) {
          state = 'end';
          continue;
        }
        if (b === CLOSE_BRACKET || b === COMMA) throw new JsonArrayError('Unexpected comma or bracket where an element should be');
        state = 'value';
        pendingComma = false;
        begin = i;
        depth = 0;
        scalar = !(b === OPEN_BRACE || b === OPEN_BRACKET);
        inString = b === QUOTE;
        escaped = false;
        if (!scalar) depth = 1;
      } else {
        throw new JsonArrayError('Unexpected data after the end of the array');
      }
    }
    if (state === 'value') pieces.push(Buffer.from(chunk.subarray(begin)));
    offset += chunk.length;
  }
  if (state === 'value' && scalar && !inString) {
    // A number or a literal that the input ends with: the array never closed.
    throw new JsonArrayError('The array does not close');
  }
  if (state !== 'end') throw new JsonArrayError(state === 'start' ? 'The input is empty' : 'The array does not close');
}
