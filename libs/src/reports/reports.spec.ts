import { closableGyneCase, closableObCase } from '../testing/case-fixtures.test-helpers.js';
import {
  AOG_REPORT_GROUPS, DELIVERY_MANNER_GROUPS, DIRECT_DEATH_GROUPS, MORTALITY_AGE_GROUPS, PREGNANCY_TYPE_GROUPS,
  REPORT_DIMENSIONS, TIMING_GROUPS, aogReportGroup, defaultReportRange, deliveryMannerGroup, directDeathGroup,
  findReportDimension, gestationalWeeksOf, maternalMortalityRate, mortalityAgeGroup, pregnancyTypeGroup,
  reportCategories, reportCellText, segmentsOf, tabulate, timingGroup, wholePercent, REPORT_QUARTERS,
  REPORT_YEAR_OPTIONS,
} from './index.js';
import { DELIVERY_MANNERS } from '../enums/delivery.enum.js';
import { MATERNAL_DEATH_CAUSES } from '../lookups/lists/maternal-death-causes.list.js';

describe('report groupings (SPEC.md §9)', () => {
  it.each([[15, 'under20'], [19, 'under20'], [20, '20to34'], [34, '20to34'], [35, '35andAbove'], [null, null]])(
    'mortality age groups under 20, 20-34, 35 and above: age %p is %p', (age, group) => {
      expect(mortalityAgeGroup(age)).toBe(group);
    });

  it.each([[20, 'under28'], [27, 'under28'], [28, '28to32'], [32, '28to32'], [33, '33to37'], [37, '33to37'], [38, '38to42'], [42, '38to42'], [43, null], [27.9, 'under28'], [null, null]])(
    'AOG groups under 28, 28-32, 33-37, 38-42 weeks: %p weeks is %p', (weeks, group) => {
      expect(aogReportGroup(weeks)).toBe(group);
    });

  it('direct death groups Hemorrhage, Hypertension, Infection, Vascular Accidents, Anesthesia, Others match the Direct subcauses', () => {
    expect(DIRECT_DEATH_GROUPS.map((g) => g.label)).toEqual(['Hemorrhage', 'Hypertension', 'Infection', 'Vascular Accidents', 'Anesthesia', 'Others']);
    const direct = MATERNAL_DEATH_CAUSES[0].conditions ?? [];
    expect(DIRECT_DEATH_GROUPS.map((g) => direct.find((c) => c.id === g.ids[0])?.name)).toEqual(['Hemorrhage', 'Hypertension', 'Infection', 'Vascular Accidents', 'Anesthesia', 'Others']);
    expect([directDeathGroup(11), directDeathGroup(16), directDeathGroup(21)]).toEqual(['hemorrhage', 'others', null]);
  });

  it('timing groups Antepartal, Intrapartal, Postpartum, Puerperal', () => {
    expect(TIMING_GROUPS.map((g) => g.label)).toEqual(['Antepartal', 'Intrapartal', 'Postpartum', 'Puerperal']);
    expect([timingGroup(3), timingGroup(5)]).toEqual(['postpartum', null]);
  });

  it('pregnancy-type groups Singleton, Multiple, Miscarriage, Ectopic, Molar', () => {
    expect(PREGNANCY_TYPE_GROUPS.map((g) => g.label)).toEqual(['Singleton', 'Multiple', 'Miscarriage', 'Ectopic', 'Molar']);
    expect(pregnancyTypeGroup(3)).toBe('miscarriage');
  });

  it('delivery manner groups: Caesarean Section, Spontaneous Cephalic, Spontaneous Breech, Partial Breech Extraction, Assisted Vaginal Delivery (Forceps, Vacuum); every manner is in one group', () => {
    expect(DELIVERY_MANNER_GROUPS.slice(0, 5).map((g) => g.label)).toEqual([
      'Caesarean Section', 'Spontaneous Cephalic', 'Spontaneous Breech', 'Partial Breech Extraction', 'Assisted Vaginal Delivery (Forceps, Vacuum)',
    ]);
    for (const manner of DELIVERY_MANNERS) {
      expect(DELIVERY_MANNER_GROUPS.filter((g) => g.ids.includes(manner.id))).toHaveLength(1);
    }
    expect([deliveryMannerGroup(1), deliveryMannerGroup(5), deliveryMannerGroup(6), deliveryMannerGroup('1')]).toEqual(['caesarean', 'assistedVaginal', 'assistedVaginal', null]);
  });

  it('range groups do not overlap', () => {
    for (const groups of [MORTALITY_AGE_GROUPS, AOG_REPORT_GROUPS]) {
      for (let i = 1; i < groups.length; i += 1) expect(groups[i].min).toBe((groups[i - 1].max ?? 0) + 1);
    }
  });
});

describe('figures (SPEC.md §9)', () => {
  it.each([[1, 99, 1], [1, 2, 33], [2, 1, 67], [0, 10, 0], [0, 0, 0], [3, 0, 100], [-1, 5, 0]])(
    'maternal mortality rate: %p deaths, %p alive is %p%% (deaths over dead plus alive, whole percent)', (deaths, alive, rate) => {
      expect(maternalMortalityRate(deaths, alive)).toBe(rate);
    });

  it('percentages are whole numbers; zero or 0% shows as "-"', () => {
    expect(wholePercent(1, 3)).toBe(33);
    expect(wholePercent(1, 0)).toBe(0);
    expect(reportCellText(0, 10, 'value')).toBe('-');
    expect(reportCellText(0, 10, 'percentage')).toBe('-');
    expect(reportCellText(1, 1000, 'percentage')).toBe('-');
    expect(reportCellText(5, 10, 'percentage')).toBe('50%');
    expect(reportCellText(5, 10, 'value')).toBe('5');
  });

  it('the default range is the past 3 months up to today', () => {
    expect(defaultReportRange('2026-11-21')).toEqual({ from: '2026-08-21', to: '2026-11-21' });
    expect(defaultReportRange('2026-02-15')).toEqual({ from: '2025-11-15', to: '2026-02-15' });
    expect(defaultReportRange('2026-05-31')).toEqual({ from: '2026-02-28', to: '2026-05-31' });
  });

  it('year options 2015-2018; quarters 1st to 4th', () => {
    expect(REPORT_YEAR_OPTIONS).toEqual([2015, 2016, 2017, 2018]);
    expect(REPORT_QUARTERS.map((q) => q.label)).toEqual(['1st', '2nd', '3rd', '4th']);
  });
});

describe('report table', () => {
  const died = closableObCase({ motherCondition: 3, antecedent: 1, antecedentType: 12, deathTiming: 2, deathReviewed: true, age: 17 });
  const forms = [closableObCase(), closableObCase({ deliveryManner: 5, deliveryIndication: [501], deliveryWeeks: 30 }), died, closableGyneCase()];

  it('categories list every dimension with its segments', () => {
    const categories = reportCategories();
    expect(categories.map((c) => c.name)).toEqual(REPORT_DIMENSIONS.map((d) => d.name));
    expect(categories.find((c) => c.name === 'DeathTiming')?.segments.map((s) => s.label)).toEqual(['Antepartal', 'Intrapartal', 'Postpartum', 'Puerperal']);
    expect(findReportDimension('csINDICATION')?.name).toBe('csindication');
    expect(findReportDimension('nope')).toBeUndefined();
  });

  it('segments: out-of-scope cases count nowhere, cases without a group count as N/A', () => {
    const direct = findReportDimension('DirectMaternalDeath')!;
    expect(segmentsOf(direct, died)).toEqual(['hypertension']);
    expect(segmentsOf(direct, closableObCase())).toEqual([]);
    const cs = findReportDimension('csindication')!;
    expect(segmentsOf(cs, closableObCase({ deliveryIndication: [101, 101, 104] }))).toEqual(['101', '104']);
    expect(segmentsOf(cs, closableObCase({ deliveryIndication: [] }))).toEqual(['N/A']);
    expect(segmentsOf(findReportDimension('AOG')!, closableGyneCase())).toEqual([]);
    expect(segmentsOf(findReportDimension('AOG')!, closableObCase({ deliveryAOGType: null, admissionAOGType: null }))).toEqual(['N/A']);
    expect(gestationalWeeksOf({ admissionAOGType: 1, admissionWeeks: 20.5 })).toBe(20);
    expect(segmentsOf(findReportDimension('AgeGroup')!, died)).toEqual(['under20']);
  });

  it('tabulates counts, the running total acc, and cross segments', () => {
    const rows = tabulate(forms, findReportDimension('deliverymanner')!, findReportDimension('MotherCondition')!);
    expect(rows.map((r) => [r.label, r.count, r.acc])).toEqual([
      ['Caesarean Section', 2, 2], ['Spontaneous Cephalic', 0, 2], ['Spontaneous Breech', 0, 2], ['Partial Breech Extraction', 0, 2],
      ['Assisted Vaginal Delivery (Forceps, Vacuum)', 1, 3], ['Others', 0, 3], ['N/A', 1, 4],
    ]);
    expect(rows[0].crosssegments).toEqual({ 1: 1, 2: 0, 3: 1, 'N/A': 0 });
    const plain = tabulate(forms, findReportDimension('PregnancyType')!);
    expect(plain[0]).toEqual({ label: 'Singleton', count: 3, acc: 3 });
    // The gyne case is no pregnancy: no row counts it, not even N/A.
    expect(plain.at(-1)).toEqual({ label: 'Molar', count: 0, acc: 3 });
  });
});
