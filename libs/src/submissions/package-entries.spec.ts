import { PACKAGE_FILE_NAMES } from './package-format.js';
import { packageEntriesProblems, packageEntryNameProblem, printableEntryName } from './package-entries.js';

describe('a census package holds exactly the files its format names, each once, with plain names (issue 27 item 3)', () => {
  it('names the six files of the format, manifest first', () => {
    expect(PACKAGE_FILE_NAMES).toEqual(['manifest.json', 'cases.json', 'maternalfetalcase.csv', 'gynecase.csv', 'maternalmortalitycase.csv', 'gtdcase.csv']);
    expect(packageEntriesProblems(PACKAGE_FILE_NAMES)).toEqual([]);
  });

  it.each([
    ['../../../tmp/pnss-evil.txt', 'is not a plain file name: it climbs out of the folder (..)'],
    ['/tmp/x', 'is not a plain file name: it is an absolute path'],
    ['C:evil.txt', 'is not a plain file name: it is an absolute path'],
    ['..\\..\\evil.txt', 'is not a plain file name: it holds a backslash'],
    ['data/cases.json', 'is not a plain file name: it is in a folder'],
    ['cases.json\u202e', 'is not a plain file name: it holds control or non-ASCII characters'],
    ['setup.exe', expect.stringMatching(/^is not a file of a census package/)],
    ['index.html', expect.stringMatching(/^is not a file of a census package/)],
  ])('refuses %j', (name, message) => {
    expect(packageEntryNameProblem(name)).toEqual(message);
  });

  it('refuses a file stored twice (a second cases.json before the genuine one) and names each missing file', () => {
    expect(packageEntriesProblems(['manifest.json', 'cases.json', 'cases.json', 'gynecase.csv'])).toEqual([
      { field: 'cases.json', message: 'is stored twice in the package: each file may be there once' },
      { field: 'maternalfetalcase.csv', message: 'is missing from the package' },
      { field: 'maternalmortalitycase.csv', message: 'is missing from the package' },
      { field: 'gtdcase.csv', message: 'is missing from the package' },
    ]);
  });

  it('shows a hostile name back escaped and bounded', () => {
    expect(printableEntryName('a\u0000b\u202e')).toBe('a\\u{0}b\\u{202e}');
    expect(printableEntryName('x'.repeat(500))).toHaveLength(120);
  });
});
