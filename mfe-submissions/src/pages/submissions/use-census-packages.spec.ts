import { censusPackage } from './render-submissions.test-helpers.js';
import { packagesStillChanging } from './use-census-packages.js';

describe('the Census tab reads its packages again while their status changes without a reload (SPEC.md §2)', () => {
  it('polls while a package is building or being sent to the society', () => {
    expect(packagesStillChanging([censusPackage(), censusPackage({ _id: 'k2', building: true })], false)).toBe(true);
    expect(packagesStillChanging([censusPackage({ status: 'Sending' })], false)).toBe(true);
  });

  it('polls while a submit this tab asked for waits for its answer, even before the list shows it Sending', () => {
    expect(packagesStillChanging([censusPackage()], true)).toBe(true);
    expect(packagesStillChanging([], true)).toBe(true);
  });

  it('stops once every package is built and none is on its way (pending, sent, failed)', () => {
    const settled = [censusPackage(), censusPackage({ _id: 'k2', status: 'Sent' }), censusPackage({ _id: 'k3', status: 'Failed' }), censusPackage({ _id: 'k4', status: 'buildfailed' })];
    expect(packagesStillChanging(settled, false)).toBe(false);
    expect(packagesStillChanging([], false)).toBe(false);
  });
});
