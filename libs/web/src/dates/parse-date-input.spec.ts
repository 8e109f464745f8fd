import { parseDateInput } from './parse-date-input.js';

describe('parseDateInput (SPEC.md §5: MM/DD/YYYY, M/D/YYYY and MMM D YYYY)', () => {
  it.each([
    ['03/05/2024', '2024-03-05'],
    ['3/5/2024', '2024-03-05'],
    ['12/31/2023', '2023-12-31'],
    ['Mar 5 2024', '2024-03-05'],
    ['Dec 25 2023', '2023-12-25'],
    ['  3/5/2024 ', '2024-03-05'],
  ])('reads %s as %s', (typed, iso) => {
    expect(parseDateInput(typed)?.format('YYYY-MM-DD')).toBe(iso);
  });

  it.each(['', '   ', '13/01/2024', '02/30/2024', '2024-03-05', 'yesterday', '3/5/24', 'March 5 2024'])(
    'treats %p as no date, so the input clears',
    (typed) => {
      expect(parseDateInput(typed)).toBeNull();
    },
  );
});
