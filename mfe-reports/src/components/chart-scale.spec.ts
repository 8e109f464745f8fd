import { valueAxisMax } from './chart-scale.js';

describe('bar value labels are not clipped at the end of the longest bar', () => {
  it('the value axis reaches past the longest bar, with room for its label', () => {
    expect(valueAxisMax([7, 3, 0])).toBe(9);
    expect(valueAxisMax([100])).toBe(120);
    expect(valueAxisMax([1])).toBe(2);
  });

  it('an empty chart still has an axis', () => {
    expect(valueAxisMax([])).toBe(1);
    expect(valueAxisMax([0, 0])).toBe(1);
  });
});
