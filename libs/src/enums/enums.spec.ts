import {
  ABORTION_TYPES, AOG_RANGES, BIRTH_TRAUMAS, BOOLEAN_CHOICES, CAESAREAN_DETAIL_MANNERS, CAUSES_OF_DEATH, CODE_TABLES,
  CS_INCISIONS, DELIVERY_MANNERS, ECTOPIC_TYPES, GTD_COMPLICATIONS, GTD_DIAGNOSES, GYNE_STAGES, INDUCTION_COMPLICATIONS,
  INDUCTION_METHODS, INFANT_STATUSES, MIGS_CHOICES, MOLAR_TYPES, MOTHER_CONDITIONS, OTHER_CODES, PREGNANCY_TYPE_LABELS,
  PRESENCE_CHOICES, PROCEDURE_TYPES, SURGICAL_INTERVENTIONS, TIMINGS, TOLAC_MANNERS, TUMOR_CLASSES, decode,
  isCode, isMortalityStatus, procedureTypeForCategory, PCOS_SYMPTOMS, INFANT_COUNT_CHOICES,
} from './index.js';

describe('code tables carry the ids and labels of SPEC.md §3', () => {
  it.each([
    ['pregnancy type 1 Singleton ... 6 Heterotopic', PREGNANCY_TYPE_LABELS, [[1, 'Singleton'], [2, 'Multiple'], [3, 'Abortion'], [4, 'Ectopic'], [5, 'Molar'], [6, 'Heterotopic']]],
    ['abortion types', ABORTION_TYPES, [[1, 'Septic Spontaneous'], [2, 'Septic Induced'], [3, 'Non-septic Spontaneous'], [4, 'Non-Septic Induced']]],
    ['ectopic types', ECTOPIC_TYPES, [[1, 'Tubal'], [2, 'Interstitial/Cornual'], [3, 'Unspecified'], [4, 'Ovarian'], [5, 'Abdominal'], [6, 'Cervical'], [7, 'CS Scar']]],
    ['molar type 1 Partial, 2 Complete', MOLAR_TYPES, [[1, 'Partial'], [2, 'Complete']]],
    ['CS incision 1 Low segment (LSTCS), 2 Classical', CS_INCISIONS, [[1, 'Low segment (LSTCS)'], [2, 'Classical']]],
    ['maternal outcome Improved, Unimproved, Died', MOTHER_CONDITIONS, [[1, 'Improved'], [2, 'Unimproved'], [3, 'Died']]],
    ['timing Antepartal, Intrapartal, Postpartal, Puerperal, N/A', TIMINGS, [[1, 'Antepartal'], [2, 'Intrapartal'], [3, 'Postpartal'], [4, 'Puerperal'], [5, 'N/A']]],
    ['procedure types', PROCEDURE_TYPES, [[1, 'Laparotomy'], [2, 'Laparoscopy'], [3, 'Hysteroscopy'], [4, 'MIS'], [5, 'Others']]],
    ['tumor class', TUMOR_CLASSES, [[1, 'Benign'], [2, 'Malignant'], [3, 'Special']]],
    ['MIGS 1 FELLOW, 2 NO, 3 N/A', MIGS_CHOICES, [[1, 'FELLOW'], [2, 'NO'], [3, 'N/A']]],
    ['Boolean YES or NO', BOOLEAN_CHOICES, [[1, 'YES'], [0, 'NO']]],
    ['Presence WITH or WITHOUT', PRESENCE_CHOICES, [[1, 'WITH'], [0, 'WITHOUT']]],
    ['causes of death', CAUSES_OF_DEATH, [[1, 'Shock'], [2, 'Congestive heart failure'], [3, 'Respiratory failure'], [4, 'Hepatic failure'], [5, 'DIC'], [6, 'Intracranial bleeding'], [7, 'Multiorgan failure'], [8, 'Others']]],
    ['induction methods', INDUCTION_METHODS, [[1, 'Oxytocin'], [2, 'Laminaria'], [3, 'Foley Catheter'], [4, 'Dinoprostone gel'], [5, 'Evening primrose'], [6, 'Others']]],
    ['induction complications', INDUCTION_COMPLICATIONS, [[1, 'Hemmorhage'], [2, 'Infection'], [3, 'Non reassuring fetal status'], [4, 'Uterine Rupture'], [5, 'Intrapartal Death'], [6, 'None']]],
    ['PCOS symptoms', PCOS_SYMPTOMS, [[1, 'Anovulation'], [2, 'Hyperandrogenism (clinical)'], [3, 'Hyperandrogenism (FG score)'], [4, 'Polycystic appearing ovaries']]],
  ] as const)('%s', (_name, table, expected) => {
    expect(table.map((e) => [e.id, e.label])).toEqual(expected);
  });

  it('AOG ranges: 1 <=12, 2 13-20, 3 21-27, 4 28-32, 5 33-36, 6 37-41, 7 >=42', () => {
    expect(AOG_RANGES.map((e) => e.label)).toEqual(['<=12 weeks', '13-20 weeks', '21-27 weeks', '28-32 weeks', '33-36 weeks', '37-41 weeks', '>=42 weeks']);
  });

  it('delivery manner: 13 options from Caesarean Section to VBAC vacuum extraction; 1 caesarean, 5 forceps, 6 vacuum', () => {
    expect(DELIVERY_MANNERS).toHaveLength(13);
    expect(new Set(DELIVERY_MANNERS.map((m) => m.id)).size).toBe(13);
    expect(DELIVERY_MANNERS[0].label).toBe('Caesarean Section');
    expect(DELIVERY_MANNERS[12].label).toBe('VBAC Vacuum Extraction');
    expect(decode(DELIVERY_MANNERS, 1)).toBe('Caesarean Section');
    expect(decode(DELIVERY_MANNERS, 5)).toMatch(/Forceps/);
    expect(decode(DELIVERY_MANNERS, 6)).toMatch(/Vacuum/);
    for (const id of [...CAESAREAN_DETAIL_MANNERS, ...TOLAC_MANNERS]) expect(isCode(DELIVERY_MANNERS, id)).toBe(true);
    expect([...CAESAREAN_DETAIL_MANNERS]).toEqual([1, 16]);
    expect([...TOLAC_MANNERS]).toEqual([1, 10, 11, 12]);
  });

  it('infant status: Livebirth, early and late neonatal death, stillbirths; statuses 2 to 6 count as mortality', () => {
    expect(INFANT_STATUSES.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(INFANT_STATUSES.filter((s) => isMortalityStatus(s.id)).map((s) => s.id)).toEqual([2, 3, 4, 5, 6]);
    expect(isMortalityStatus(7)).toBe(false);
    expect(isMortalityStatus('3')).toBe(false);
    expect(isMortalityStatus(2.5)).toBe(false);
  });

  it('birth trauma: 8 options ending in None', () => {
    expect(BIRTH_TRAUMAS).toHaveLength(8);
    expect(BIRTH_TRAUMAS[7].label).toBe('None');
  });

  it('both molar lists: 5 options in one, 1 Partial, 2 Complete in the other', () => {
    expect(GTD_DIAGNOSES).toHaveLength(5);
    expect(MOLAR_TYPES).toHaveLength(2);
  });

  it('infant count choices: Two, Three, Four, Five, Others', () => {
    expect(INFANT_COUNT_CHOICES.map((c) => c.label)).toEqual(['Two', 'Three', 'Four', 'Five', 'Others']);
  });

  it("free-text 'other' codes: gtd complication 8, surgical intervention 6, immediate cause 8", () => {
    expect(OTHER_CODES).toEqual({ gtdComplication: 8, surgicalIntervention: 6, immediateCause: 8 });
    expect(decode(GTD_COMPLICATIONS, 8)).toBe('Others');
    expect(decode(SURGICAL_INTERVENTIONS, 6)).toBe('Others');
    expect(decode(CAUSES_OF_DEATH, 8)).toBe('Others');
  });

  it('procedure category 1 gives type 1, category 7 gives 4, category 8 gives 5, others give 1', () => {
    expect([1, 2, 3, 7, 8, 9].map(procedureTypeForCategory)).toEqual([1, 1, 1, 4, 5, 1]);
  });

  it('malignant stages: N/A, I to V with A/B/C and 1-3 sublevels, ids stable and unique', () => {
    const labels = GYNE_STAGES.map((s) => s.label);
    expect(labels.slice(0, 6)).toEqual(['I', 'II', 'III', 'IV', 'V', 'N/A']);
    expect(GYNE_STAGES).toHaveLength(6 + 5 * 3 * 4);
    expect(new Set(GYNE_STAGES.map((s) => s.id)).size).toBe(GYNE_STAGES.length);
    expect(decode(GYNE_STAGES, 12)).toBe('IB');
    expect(decode(GYNE_STAGES, 331)).toBe('IIIC1');
    expect(decode(GYNE_STAGES, 6)).toBe('N/A');
  });

  it('every named code table has unique ids and labels', () => {
    for (const table of Object.values(CODE_TABLES)) {
      expect(new Set(table.map((e) => e.id)).size).toBe(table.length);
      for (const e of table) expect(e.label.trim()).not.toBe('');
    }
  });
});

describe("the decoder turns any stored value into its label, and a missing value into 'N/A!'", () => {
  it.each([
    [1, 'Singleton'],
    ['2', 'Multiple'],
    [6, 'Heterotopic'],
    [null, 'N/A!'],
    [undefined, 'N/A!'],
    ['', 'N/A!'],
    [99, 'N/A!'],
    [Number.NaN, 'N/A!'],
    [{}, 'N/A!'],
    ['x', 'N/A!'],
  ])('pregnancy type %p decodes to %p', (value, label) => {
    expect(decode(PREGNANCY_TYPE_LABELS, value)).toBe(label);
  });

  it.each([[true, 'YES'], [false, 'NO'], [null, 'N/A!']])('boolean %p decodes to %p', (value, label) => {
    expect(decode(BOOLEAN_CHOICES, value)).toBe(label);
  });

  it('isCode says whether a value is one of the table ids', () => {
    expect(isCode(TUMOR_CLASSES, 2)).toBe(true);
    expect(isCode(TUMOR_CLASSES, 4)).toBe(false);
    expect(isCode(TUMOR_CLASSES, null)).toBe(false);
  });
});
