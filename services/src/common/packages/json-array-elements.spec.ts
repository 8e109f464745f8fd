import { JsonArrayError, jsonArrayElements } from './json-array-elements.js';

/** The text cut into chunks of `size` bytes, as an inflating stream hands it over. */
async function* chunked(text: string | Buffer, size: number): AsyncGenerator<Buffer> {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function elements(text: string | Buffer, size = 3): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const { index, text: element } of jsonArrayElements(chunked(text, size))) {
    expect(index).toBe(out.length);
    out.push(JSON.parse(element));
  }
  return out;
}

async function failure(text: string | Buffer): Promise<JsonArrayError> {
  try {
    await elements(text);
  } catch (error) {
    if (error instanceof JsonArrayError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('jsonArrayElements: the cases of cases.json, each as its own text', () => {
  const cases = [
    { caseId: 'a', note: 'a "quoted" word, a brace { and a bracket ] inside a string, an escaped backslash \\', nested: { list: [1, [2, { x: null }]] } },
    { caseId: 'é-ü-漢字-😀', n: -1.5e3, flag: true, none: null, empty: {}, list: [] },
    'a string element',
    42,
    false,
  ];

  it('gives every element of the array as JSON.parse of the whole file does, at any chunk size', async () => {
    const text = JSON.stringify(cases, null, 2);
    for (const size of [1, 2, 3, 7, 64, 100_000]) expect(await elements(text, size)).toEqual(JSON.parse(text));
    expect(await elements(JSON.stringify(cases))).toEqual(cases);
  });

  it('reads an empty array, and a byte-order mark before the array', async () => {
    expect(await elements(' [ \n ] \n')).toEqual([]);
    expect(await elements(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('[{"a":1}]')]), 1)).toEqual([{ a: 1 }]);
  });

  it('tells a JSON value that is not a list from text that is not JSON', async () => {
    expect((await failure('{"caseId":"a"}')).notAnArray).toBe(true);
    expect((await failure('<html>')).notAnArray).toBe(false);
    expect((await failure('')).notAnArray).toBe(false);
  });

  it('refuses a broken structure: an array that does not close, a trailing or missing comma, data after the array', async () => {
    for (const text of ['[{"a":1}', '[{"a":1},', '[{"a":1},]', '[{"a":1} {"b":2}]', '[{"a":1}] x', '[,{"a":1}]', '[1', '[{"a":"open]']) {
      await expect(elements(text)).rejects.toBeInstanceOf(JsonArrayError);
    }
  });

  it('leaves a malformed element to JSON.parse, which refuses it', async () => {
    await expect(elements('[{"a":1,}]')).rejects.toBeInstanceOf(SyntaxError);
    await expect(elements('[{"a":tru}]')).rejects.toBeInstanceOf(SyntaxError);
  });

  it('refuses bytes that are not UTF-8', async () => {
    const text = Buffer.concat([Buffer.from('[{"a":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}]')]);
    expect((await failure(text)).message).toMatch(/UTF-8/u);
  });
});
