import { AOG_TYPE } from '@pnss/libs/enums';
import { aogLabel } from './case-details.js';

describe("the preview's age of gestation reads as words that agree with the number (issue 25 item 15)", () => {
  it("'39 weeks 1 day', never '39 weeks 1 days'; no days left out", () => {
    expect(aogLabel(AOG_TYPE.EXACT, null, 39, 1)).toBe('39 weeks 1 day');
    expect(aogLabel(AOG_TYPE.EXACT, null, 39, 3)).toBe('39 weeks 3 days');
    expect(aogLabel(AOG_TYPE.EXACT, null, 39, 0)).toBe('39 weeks');
  });
});
