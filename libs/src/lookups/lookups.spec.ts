import {
  CS_INDICATIONS, FORCEPS_INDICATIONS, GYNE_DIAGNOSIS, IN_SITU_CONDITION_ID, MALIGNANT_CATEGORY_IDS, MORBIDITIES,
  NEONATAL_CONDITIONS, MATERNAL_DEATH_CAUSES, REFERENCE_LISTS, REFERENCE_LIST_CATALOGUE, VACUUM_INDICATIONS,
  GYNE_PROCEDURE, findLookupEntry, findLookupParent, flattenLookup, lookupLabel, searchLookup,
  type LookupEntry,
} from './index.js';

function leaves(entries: readonly LookupEntry[]): LookupEntry[] {
  return flattenLookup(entries).filter((e) => !e.conditions);
}

describe('reference lists (SPEC.md §3 "Reference lists and enumerations")', () => {
  it('the catalogue names every list once, and every key is served', () => {
    const keys = REFERENCE_LIST_CATALOGUE.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(Object.keys(REFERENCE_LISTS).sort());
  });

  it.each(Object.entries(REFERENCE_LISTS))('%s: stored condition ids are unique, so a case can key its map by conditionId', (_key, list) => {
    const ids = leaves(list).map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(0);
    for (const entry of flattenLookup(list)) {
      expect(entry.name.trim()).not.toBe('');
      expect(Number.isInteger(entry.id)).toBe(true);
    }
  });

  it('medical morbidity categories include hypertension, renal, infections, endocrine, Neurologic, Trauma, Puerperal Complications, Vascular Accidents, Anesthesia-Related Complications and Others', () => {
    const names = MORBIDITIES.map((c) => c.name);
    for (const name of ['Hypertension', 'Renal', 'Infections', 'Endocrine', 'Neurologic', 'Trauma',
      'Puerperal Complications', 'Vascular Accidents', 'Anesthesia-Related Complications', 'Others']) {
      expect(names).toContain(name);
    }
  });

  it('about 50 gynecologic diagnosis categories, with the malignant categories 14, 15, 16, 18, 23, 211, 212, 213, 214, 216', () => {
    expect(GYNE_DIAGNOSIS.length).toBeGreaterThanOrEqual(45);
    expect(GYNE_DIAGNOSIS.length).toBeLessThanOrEqual(60);
    const ids = GYNE_DIAGNOSIS.map((c) => c.id);
    for (const id of MALIGNANT_CATEGORY_IDS) expect(ids).toContain(id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('in-situ condition 1000033 exists; 999999 is Others with the prompt "Specify histopath diagnosis"', () => {
    expect(findLookupEntry(GYNE_DIAGNOSIS, IN_SITU_CONDITION_ID)?.name).toMatch(/in situ/i);
    const others = findLookupEntry(GYNE_DIAGNOSIS, 999999);
    expect(others?.name).toBe('Others');
    expect(others?.prompt).toBe('Specify histopath diagnosis');
  });

  it('gynecologic procedure categories cover uterus, ovary, cervical, fallopian tube, pelvis, vagina, vulva and others', () => {
    const names = GYNE_PROCEDURE.map((c) => c.name.toLowerCase());
    for (const name of ['uterus', 'ovary', 'cervical', 'fallopian tube', 'pelvis', 'vagina', 'vulva', 'others']) {
      expect(names).toContain(name);
    }
  });

  it('neonatal conditions are the groups M1 to M5', () => {
    expect(NEONATAL_CONDITIONS.map((c) => c.name.slice(0, 2))).toEqual(['M1', 'M2', 'M3', 'M4', 'M5']);
  });

  it('maternal death causes are Direct, Indirect and Nonmaternal, with subcauses', () => {
    expect(MATERNAL_DEATH_CAUSES.map((c) => c.name)).toEqual(['Direct', 'Indirect', 'Nonmaternal']);
    for (const group of MATERNAL_DEATH_CAUSES) expect(group.conditions?.length).toBeGreaterThan(0);
    expect(MATERNAL_DEATH_CAUSES[0].conditions?.map((c) => c.name))
      .toEqual(['Hemorrhage', 'Hypertension', 'Infection', 'Vascular Accidents', 'Anesthesia', 'Others']);
  });

  it('about 23 CS indications; instrumental delivery indications are lists of 7 and 6 reasons', () => {
    expect(CS_INDICATIONS.filter((e) => e.id !== 999999)).toHaveLength(23);
    expect(FORCEPS_INDICATIONS).toHaveLength(7);
    expect(VACUUM_INDICATIONS).toHaveLength(6);
  });

  it('ids from 1000000 up are newer additions; the terms they replace are hidden', () => {
    const all = flattenLookup(GYNE_DIAGNOSIS);
    expect(all.some((e) => e.id >= 1000000 && e.id !== IN_SITU_CONDITION_ID)).toBe(true);
    expect(all.some((e) => e.hidden)).toBe(true);
  });
});

describe('lookup search: "Name search is case-insensitive by substring" (SPEC.md §3)', () => {
  const list: LookupEntry[] = [
    { id: 1, name: 'Hypertension', conditions: [{ id: 101, name: 'Gestational hypertension' }, { id: 102, name: 'Eclampsia' }] },
    { id: 2, name: 'Renal', conditions: [{ id: 201, name: 'Acute kidney injury' }] },
  ];

  it.each([
    ['ECLAMP', [1], [[102]]],
    ['kidney', [2], [[201]]],
    ['hyper', [1], [[101, 102]]],
    ['  ', [1, 2], [[101, 102], [201]]],
    ['zzz', [], []],
  ])('term %p keeps the matching categories and conditions', (term, categories, conditions) => {
    const found = searchLookup(list, term);
    expect(found.map((c) => c.id)).toEqual(categories);
    expect(found.map((c) => (c.conditions ?? []).map((x) => x.id))).toEqual(conditions);
  });

  it('a null term returns everything', () => {
    expect(searchLookup(list, null)).toHaveLength(2);
  });
});

describe('lookup labels: hidden entries marked "(PHASED OUT)", a missing value shows "N/A!"', () => {
  it.each([
    [305, 'Toxemia of pregnancy (PHASED OUT)'],
    [101, 'One previous caesarean section'],
    ['101', 'One previous caesarean section'],
    [1, 'Previous Caesarean Delivery'],
    [424242, 'N/A!'],
    [null, 'N/A!'],
    [undefined, 'N/A!'],
    ['', 'N/A!'],
    ['abc', 'N/A!'],
    [Number.NaN, 'N/A!'],
  ])('obstetric history %p reads %p', (id, label) => {
    expect(lookupLabel(REFERENCE_LISTS.obstetricHistory, id)).toBe(label);
  });

  it('finds the parent of a nested cause at any depth', () => {
    expect(findLookupParent(MATERNAL_DEATH_CAUSES, 1101)?.id).toBe(11);
    expect(findLookupParent(MATERNAL_DEATH_CAUSES, 11)?.id).toBe(1);
    expect(findLookupParent(MATERNAL_DEATH_CAUSES, 1)).toBeUndefined();
    expect(findLookupParent(MATERNAL_DEATH_CAUSES, null)).toBeUndefined();
  });
});
