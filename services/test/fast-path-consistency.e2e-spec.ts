import type { Paged, PatientCounts, PatientListItem, Role } from '@pnss/libs/api';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { sql } from 'drizzle-orm';
import { patients } from '../src/database/patients.schema.js';
import { closableGyneBody, closableObBody, createCase, createPatient, nextCaseNum } from './support/patient-cases.js';
import { useTestApp } from './support/use-test-app.js';

/**
 * Issue 12: the counts come from counters kept by triggers, pages from an index walk, sessions from a
 * short-lived cache. These prove the fast paths give the same answers as the slow ones did.
 */
describe('lists, counts and sessions that stay fast give the same answers', () => {
  const { t, admin, get, put } = useTestApp({ timeout: 120_000 });

  /** The four counts, counted the slow way from the rows (archived cases left out, SPEC.md §3). */
  async function recount(): Promise<PatientCounts> {
    const [row] = (
      (await t.database.db.execute(sql`
        select (select count(*) from patients) as "numOfPatients",
               (select count(distinct patient_id) from patient_cases where discharge_date is null and not is_archived) as "numOfAdmittedPatients",
               (select count(distinct patient_id) from patient_cases where not is_close and not is_archived) as "numOfPatientWithOpenCase",
               (select count(*) from patient_cases where not is_archived) as "numOfCases",
               (select count(*) from patient_cases where not is_close and not is_archived) as "numOfOpenCases"`)) as {
        rows: Record<keyof PatientCounts, string>[];
      }
    ).rows;
    return {
      numOfPatients: Number(row.numOfPatients),
      numOfAdmittedPatients: Number(row.numOfAdmittedPatients),
      numOfPatientWithOpenCase: Number(row.numOfPatientWithOpenCase),
      numOfCases: Number(row.numOfCases),
      numOfOpenCases: Number(row.numOfOpenCases),
    };
  }

  async function counts(): Promise<PatientCounts> {
    const parts = await Promise.all(
      ['all', 'admitted', 'opencase', 'allcases'].map(async (kind) => (await get(`/api/patients/${kind}/count`).expect(200)).body as Partial<PatientCounts>),
    );
    return Object.assign({}, ...parts) as PatientCounts;
  }

  it('keeps the four counts exact through create, close, reopen, archive and unarchive', async () => {
    const first = await createPatient(t, admin);
    const second = await createPatient(t, admin);
    expect(await counts()).toEqual(await recount());
    const ob = await createCase(t, admin, first._id, closableObBody(nextCaseNum('CNT')));
    const gyne = await createCase(t, admin, first._id, closableGyneBody(nextCaseNum('CNT')));
    const other = await createCase(t, admin, second._id, { caseNum: nextCaseNum('CNT'), caseFormType: 1 });
    const before = await counts();
    expect(before).toEqual(await recount());

    await put(`/api/patients/${first._id}/cases/${ob._id}/close`).expect(200);
    expect(await counts()).toEqual(await recount());
    await put(`/api/patients/${first._id}/cases/${gyne._id}/close`).expect(200);
    const closed = await counts();
    expect(closed).toEqual(await recount());
    expect(closed.numOfPatientWithOpenCase).toBe(before.numOfPatientWithOpenCase - 1);
    expect(closed.numOfOpenCases).toBe(before.numOfOpenCases - 2);

    await put(`/api/patients/${first._id}/cases/${ob._id}/reopen`).expect(200);
    expect(await counts()).toEqual(await recount());
    await put(`/api/patients/${second._id}/cases/${other._id}/archive`).expect(200);
    const archived = await counts();
    expect(archived).toEqual(await recount());
    expect(archived.numOfCases).toBe(before.numOfCases - 1);
    await put(`/api/patients/${second._id}/cases/${other._id}/unarchive`).expect(200);
    expect(await counts()).toEqual(await recount());
  });

  it('counts each filtered list exactly, from the counters or from the rows', async () => {
    const all = await recount();
    const patients = (await get('/api/patients').expect(200)).body as Paged<PatientListItem>;
    expect(patients.count).toBe(all.numOfPatients);
    expect(((await get('/api/patients?tag=openCase').expect(200)).body as Paged<unknown>).count).toBe(all.numOfPatientWithOpenCase);
    expect(((await get('/api/patients?tag=admitted').expect(200)).body as Paged<unknown>).count).toBe(all.numOfAdmittedPatients);
    expect(((await get('/api/patientcases').expect(200)).body as Paged<unknown>).count).toBe(all.numOfCases);
    expect(((await get('/api/patientcases?tag=openCase').expect(200)).body as Paged<unknown>).count).toBe(all.numOfOpenCases);
    // The flags of a row agree with the counts behind them.
    expect(patients.items.filter((p) => p.hasOpenCase)).toHaveLength(all.numOfPatientWithOpenCase);
    expect(patients.items.filter((p) => p.isAdmitted)).toHaveLength(all.numOfAdmittedPatients);
  });

  it('pages patients 100 at a time in last-name, first-name order, with no patient on two pages', async () => {
    // Made ten at a time: the paging is under test, not 105 writes at once on a loaded machine
    // (on PostgreSQL under a load of 20 they waited past the pool's connection timeout).
    for (let start = 0; start < 105; start += 10) {
      const made = [];
      for (let i = start; i < Math.min(start + 10, 105); i += 1) made.push(createPatient(t, admin, { firstName: `Page${String(i).padStart(3, '0')}`, lastName: 'Pagingtest' }));
      await Promise.all(made);
    }
    const search = 'search=Pagingtest';
    const first = (await get(`/api/patients?${search}&page=0`).expect(200)).body as Paged<PatientListItem>;
    const second = (await get(`/api/patients?${search}&page=1`).expect(200)).body as Paged<PatientListItem>;
    expect(first.count).toBe(105);
    expect([first.items.length, second.items.length]).toEqual([100, 5]);
    const names = [...first.items, ...second.items].map((p) => p.firstName);
    expect(names).toEqual(Array.from({ length: 105 }, (_, i) => `Page${String(i).padStart(3, '0')}`));
    const all = (await get('/api/patients?page=0').expect(200)).body as Paged<PatientListItem>;
    const keys = all.items.map((p) => `${p.lastName.toLowerCase()}\u0000${p.firstName.toLowerCase()}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('finds a name by any part of any word, whatever its case, first, middle or last', async () => {
    const patient = await createPatient(t, admin, { firstName: 'Clarissa', middleName: 'Navarro', lastName: 'Dimaculangan' });
    for (const search of ['clar', 'AVARR', 'maculang', 'issa dimac']) {
      const ids = ((await get(`/api/patients?search=${encodeURIComponent(search)}`).expect(200)).body as Paged<PatientListItem>).items.map((p) => p._id);
      expect(ids).toContain(patient._id);
    }
    const none = (await get('/api/patients?search=clarissa%20zzz').expect(200)).body as Paged<PatientListItem>;
    expect(none.count).toBe(0);
  });

  describe('a search, answered from the name words (patient_name_terms, 0009; patients_name_words_idx, 0010)', () => {
    const page = async (search: string, number = 0, tag?: 'openCase') =>
      (await get(`/api/patients?search=${encodeURIComponent(search)}&page=${number}${tag ? `&tag=${tag}` : ''}`).expect(200)).body as Paged<PatientListItem>;
    /**
     * The rule itself, in SQL (SPEC.md: each word inside the first, middle or last name, whatever the
     * case), in the list's order: the reference for the fast paths.
     */
    const byFullName = async (search: string, number = 0, tag?: 'openCase') => {
      const words = search.split(/\s+/).filter(Boolean);
      const where = sql.join(
        [
          ...words.map((w) => sql`(p.first_name || ' ' || coalesce(p.middle_name, '') || ' ' || p.last_name) ilike ${`%${w}%`}`),
          ...(tag ? [sql`exists (select 1 from patient_cases c where c.patient_id = p.id and not c.is_close and not c.is_archived)`] : []),
        ],
        sql` and `,
      );
      const ids = (await t.database.db.execute(
        sql`select p.id from patients p where ${where} order by lower(p.last_name), lower(p.first_name), p.id limit 100 offset ${number * 100}`,
      )) as { rows: Array<{ id: string }> };
      const [total] = ((await t.database.db.execute(sql`select count(*)::int as n from patients p where ${where}`)) as { rows: Array<{ n: number }> }).rows;
      return { count: Number(total.n), items: ids.rows.map((r) => ({ _id: r.id })) };
    };

    it('finds, orders and counts exactly what the full-name rule finds, a patient once even when two of their words match', async () => {
      const made = [
        { firstName: 'Ximena', middleName: 'Ximenez', lastName: 'Delos Wordtest' },
        { firstName: 'ximena', lastName: 'Wordtest' },
        { firstName: 'Ana Ximena', middleName: null, lastName: 'de la Wordtest' },
        { firstName: 'Zoë', middleName: 'Xim', lastName: 'Peñawordtest' },
        { firstName: 'Rowena', lastName: 'Wordtestximen' },
      ];
      for (const patient of made) await createPatient(t, admin, patient);
      for (const word of ['ximen', 'XIMENA', 'wordtest', 'penawordtest', 'peñaword', 'de', 'os wo', 'zoë', 'xim', 'nothingmatches']) {
        for (const number of [0, 1]) {
          const fast = await page(word, number);
          const reference = await byFullName(word, number);
          expect({ word, number, count: fast.count, ids: fast.items.map((i) => i._id) }).toEqual({
            word, number, count: reference.count, ids: reference.items.map((i) => i._id),
          });
        }
      }
      expect((await page('ximen')).items.filter((i) => i.firstName === 'Ximena' && i.middleName === 'Ximenez')).toHaveLength(1);
      expect((await page('wordtest')).count).toBeGreaterThanOrEqual(5);
    });

    it('finds, orders and counts two or more words, alone or beside a tag, exactly as the full-name rule does', async () => {
      const made = [
        { firstName: 'Belinda', middleName: 'Pairtest', lastName: 'Florestal' },
        { firstName: 'belinda', lastName: 'Pairtest Flores' },
        { firstName: 'Ana Belinda', middleName: null, lastName: 'de Pairtest' },
        { firstName: 'Pairtestina', lastName: 'Belindo' },
        { firstName: 'Zoë', middleName: 'Pairtest', lastName: 'Peñaflor' },
      ];
      const ids: string[] = [];
      for (const patient of made) ids.push((await createPatient(t, admin, patient))._id);
      await createCase(t, admin, ids[1], { caseNum: nextCaseNum('PAIR'), caseFormType: 1 });
      // "manypair" is inside 70 name words, past the name words' limit: the trigram index answers it.
      await t.database.db.insert(patients).values(Array.from({ length: 70 }, (_, i) => ({ firstName: 'Pairtest', lastName: `Manypair${i}` })));
      // "multia" and "multib" are each inside 9 name words: 81 pairs, past the pairs' limit, so the two
      // words' ranges are merged in the list's order; 120 patients, so that page 1 is not empty.
      await t.database.db.insert(patients).values(
        Array.from({ length: 120 }, (_, i) => ({ firstName: `Multia${i % 9}`, middleName: i % 5 === 0 ? 'Pairtest' : null, lastName: `Multib${(i * 4) % 9} Multia${i % 7}` })),
      );
      const searches = [
        'belinda pairtest', 'PAIRTEST belind', 'pairtest flor', 'peña zoë', 'pairtest nothingmatches',
        'pairtest manypair', 'manypair', 'manypair7 pairtest', 'pairtest pairtest', 'pair test belinda de',
        'multia multib', 'ULTIB multia', 'multib pairtest', 'multia multia', 'multia8 multib', 'multia nothingmatches',
      ];
      for (const search of searches) {
        for (const tag of [undefined, 'openCase'] as const) {
          for (const number of [0, 1]) {
            const fast = await page(search, number, tag);
            const reference = await byFullName(search, number, tag);
            expect({ search, tag, number, count: fast.count, ids: fast.items.map((i) => i._id) }).toEqual({
              search, tag, number, count: reference.count, ids: reference.items.map((i) => i._id),
            });
          }
        }
      }
      expect((await page('belinda pairtest')).items.map((i) => i._id).sort()).toEqual([ids[0], ids[1], ids[2]].sort());
      expect((await page('belinda pairtest', 0, 'openCase')).items.map((i) => i._id)).toEqual([ids[1]]);
      expect((await page('manypair')).count).toBe(70);
    });

    it('follows a rename and a delete at once in a two-word search (the pairs of words, migration 0011)', async () => {
      const patient = await createPatient(t, admin, { firstName: 'Pairold', middleName: 'Pairmid', lastName: 'Pairrename' });
      const other = await createPatient(t, admin, { firstName: 'Pairold', lastName: 'Pairrename' });
      const ids = async (search: string) => (await page(search)).items.map((i) => i._id).sort();
      expect(await ids('pairold pairrename')).toEqual([patient._id, other._id].sort());
      expect(await ids('pairmid pairold')).toEqual([patient._id]);
      await put(`/api/patients/${patient._id}`, { firstName: 'Pairnew', middleName: null, lastName: 'Pairrename', version: patient.version }).expect(200);
      expect(await ids('pairold pairrename')).toEqual([other._id]);
      expect(await ids('pairmid pairold')).toEqual([]);
      expect(await ids('pairnew pairrename')).toEqual([patient._id]);
      expect(await ids('pairnew pairmid')).toEqual([]);
      await t.database.db.execute(sql`delete from patients where id = ${other._id}`);
      expect((await page('pairold pairrename')).count).toBe(0);
      // Every pair term of the names left is there, and no other: a recount from the names.
      const stray = (await t.database.db.execute(sql`
        select word, patient_id from patient_name_terms where word like '% %'
        except select term, p.id from patients p, unnest(pnss_name_terms(p.first_name, p.middle_name, p.last_name)) term where term like '% %'
        union all
        (select term, p.id from patients p, unnest(pnss_name_terms(p.first_name, p.middle_name, p.last_name)) term where term like '% %'
         except select word, patient_id from patient_name_terms where word like '% %')`)) as { rows: unknown[] };
      expect(stray.rows).toEqual([]);
    });

    it('finds a name of more than 12 different words by two of them, though it has no pairs of words', async () => {
      const many = 'Uno Dos Tres Cuatro Cinco Seis Siete Ocho Nueve Diez Once Doce Trece';
      const patient = await createPatient(t, admin, { firstName: 'Manywords', middleName: many, lastName: 'Pairless' });
      const terms = (await t.database.db.execute(sql`select word from patient_name_terms where patient_id = ${patient._id} order by word`)) as {
        rows: Array<{ word: string }>;
      };
      // 15 words and the empty term, instead of 105 pairs.
      expect(terms.rows.map((r) => r.word)).toHaveLength(16);
      expect(terms.rows[0].word).toBe('');
      for (const search of ['manywords trece', 'pairless uno', 'cinco doce']) {
        const fast = await page(search);
        expect({ search, ids: fast.items.map((i) => i._id), count: fast.count }).toEqual({
          search, ids: (await byFullName(search)).items.map((i) => i._id), count: (await byFullName(search)).count,
        });
        expect(fast.items.map((i) => i._id)).toContain(patient._id);
      }
      await t.database.db.execute(sql`delete from patients where id = ${patient._id}`);
      expect((await t.database.db.execute(sql`select 1 from patient_name_terms where word = ''`)) as { rows: unknown[] }).toMatchObject({ rows: [] });
    });

    it('follows a rename at once: the old word no longer finds the patient, the new one does', async () => {
      const patient = await createPatient(t, admin, { firstName: 'Oldwordname', lastName: 'Renametest' });
      expect((await page('oldwordname')).items.map((i) => i._id)).toEqual([patient._id]);
      await put(`/api/patients/${patient._id}`, { firstName: 'Newwordname', middleName: 'Midrename', lastName: 'Renametest', version: patient.version }).expect(200);
      expect((await page('oldwordname')).count).toBe(0);
      expect((await page('newwordname')).items.map((i) => i._id)).toEqual([patient._id]);
      expect((await page('midrename')).items.map((i) => i._id)).toEqual([patient._id]);
      expect((await page('renametest')).items.map((i) => i.firstName)).toEqual(['Newwordname']);
    });

    it("keeps each word's patient count equal to a recount of the names, through inserts, renames and deletes", async () => {
      const recount = async () =>
        (
          (await t.database.db.execute(sql`
            select w.word, w.patients, coalesce(n.patients, 0) as recounted from patient_name_words w
            full join (select word, count(*)::int as patients from patients p,
                       unnest(pnss_name_words(p.first_name, p.middle_name, p.last_name)) as word group by word) n using (word)
            where w.patients is distinct from coalesce(n.patients, 0)`)) as { rows: unknown[] }
        ).rows;
      const a = await createPatient(t, admin, { firstName: 'Countword', middleName: 'Countword', lastName: 'Countrename' });
      const b = await createPatient(t, admin, { firstName: 'Countword', lastName: 'Countother' });
      expect((await page('countword')).count).toBe(2);
      await put(`/api/patients/${a._id}`, { firstName: 'Countnew', middleName: 'Countmid', lastName: 'Countrename', version: a.version }).expect(200);
      expect((await page('countword')).count).toBe(1);
      expect((await page('countnew')).count).toBe(1);
      await t.database.db.execute(sql`delete from patients where id = ${b._id}`);
      expect((await page('countword')).count).toBe(0);
      expect((await page('countword')).items).toEqual([]);
      expect(await recount()).toEqual([]);
    });

    it('pages a word by 100 in last-name, first-name order, with the count of all its patients', async () => {
      const rows = Array.from({ length: 130 }, (_, i) => ({ firstName: `W${String(129 - i).padStart(3, '0')}`, lastName: 'Termpaged' }));
      await t.database.db.insert(patients).values(rows);
      const first = await page('termpaged');
      const second = await page('termpaged', 1);
      expect(first.count).toBe(130);
      expect(second.count).toBe(130);
      expect(first.items.map((i) => i.firstName)).toEqual(Array.from({ length: 100 }, (_, i) => `W${String(i).padStart(3, '0')}`));
      expect(second.items.map((i) => i.firstName)).toEqual(Array.from({ length: 30 }, (_, i) => `W${String(100 + i).padStart(3, '0')}`));
      expect((await page('termpaged', 5)).count).toBe(130);

      // A text inside two words: both ranges merged in order, a patient holding both words once.
      await t.database.db.insert(patients).values([
        ...Array.from({ length: 20 }, (_, i) => ({ firstName: `W${String(i).padStart(3, '0')}b`, lastName: 'Termpagez' })),
        { firstName: 'Termpagez', lastName: 'Termpaged' },
      ]);
      for (const number of [0, 1, 2]) {
        const fast = await page('termpage', number);
        const reference = await byFullName('termpage', number);
        expect(fast.count).toBe(151);
        expect(fast.items.map((i) => i._id)).toEqual(reference.items.map((i) => i._id));
      }
      expect((await page('termpage', 1)).items).toHaveLength(51);
    });
  });

  it('refuses a session at the very next request after sign-out, though it was just served from the cache', async () => {
    const user = await t.createUserWithRole([PERMISSIONS.GET_PATIENTS]);
    await get('/api/patients/all/count', user).expect(200);
    await get('/api/patients/all/count', user).expect(200);
    await t.http.post('/api/accounts/logout').set('Authorization', user.authorization).expect(200);
    await get('/api/patients/all/count', user).expect(401);
  });

  it('applies a role change at the very next request, though the session was just served from the cache', async () => {
    const user = await t.createUserWithRole([PERMISSIONS.GET_PATIENTS]);
    await get('/api/patients/all/count', user).expect(200);
    const roles = (await get('/api/roles').expect(200)).body as Role[];
    const role = roles.find((r) => r.roleName === user.role);
    expect(role).toBeDefined();
    await t.http
      .put('/api/roles')
      .set('Authorization', admin.authorization)
      .send([{ _id: role?._id, rolePermissions: [PERMISSIONS.FIND_PATIENT] }])
      .expect(200);
    await get('/api/patients/all/count', user).expect(403);
  });
});
