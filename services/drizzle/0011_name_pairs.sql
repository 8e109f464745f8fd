-- A two-word search at a million patients without visiting the patients table. A clinician types a
-- first and a last name ("Belen Flores"); through patients_name_words_idx (0010) each search read its
-- 1,800 matching rows to order and count them (9 ms, 190 searches a second on two cores). Now
-- patient_name_terms also holds, for each patient, every pair of two different words of the name, as
-- one term "a b" (a before b in byte order; a word holds no white space, so a pair never equals a word).
-- A two-word search is then the range of its pair (or the merged ranges of a few pairs, when a typed
-- word is inside several name words), paged and counted by an index-only scan in list order, as a
-- one-word search is. The pairs of a name of k words are k(k-1)/2: about 3 per patient here.
-- The words' dictionary (patient_name_words) and its counts are unchanged: it holds words only.

-- The terms of a name: its words (pnss_name_words), then each pair of two of them. A name of more
-- than 12 different words (no real one; 150 one-letter words fit in the three 100-character names,
-- which would make 11,000 pairs) has no pairs but the empty term '' instead, which no word or pair
-- can be: while any patient has it, two-word searches leave the pairs for patients_name_words_idx.
CREATE OR REPLACE FUNCTION pnss_name_terms(first_name text, middle_name text, last_name text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT n.words || CASE WHEN cardinality(n.words) > 12 THEN ARRAY['']
    ELSE coalesce(
      (SELECT array_agg(a || ' ' || b) FROM unnest(n.words) AS a, unnest(n.words) AS b WHERE a COLLATE "C" < b COLLATE "C"),
      '{}')
    END
  FROM (SELECT pnss_name_words(first_name, middle_name, last_name) AS words) n
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pnss_patient_names_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO patient_name_terms (word, last_key, first_key, patient_id)
    SELECT term, lower(n.last_name), lower(n.first_name), n.id
    FROM new_rows n, unnest(pnss_name_terms(n.first_name, n.middle_name, n.last_name)) AS term;
  PERFORM pnss_name_words_add(coalesce(array_agg(w), '{}'), coalesce(array_agg(1), '{}'))
    FROM new_rows n, unnest(pnss_name_words(n.first_name, n.middle_name, n.last_name)) AS w;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only the patients whose names changed: a save of anything else reads two one-row transition tables.
CREATE OR REPLACE FUNCTION pnss_patient_names_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.first_name, o.middle_name, o.last_name) IS DISTINCT FROM (n.first_name, n.middle_name, n.last_name)
  ) THEN
    RETURN NULL;
  END IF;
  DELETE FROM patient_name_terms t
  USING (
    SELECT term, lower(o.last_name) AS last_key, lower(o.first_name) AS first_key, o.id
    FROM old_rows o JOIN new_rows n ON n.id = o.id, unnest(pnss_name_terms(o.first_name, o.middle_name, o.last_name)) AS term
    WHERE (o.first_name, o.middle_name, o.last_name) IS DISTINCT FROM (n.first_name, n.middle_name, n.last_name)
  ) x
  WHERE t.word = x.term AND t.last_key = x.last_key AND t.first_key = x.first_key AND t.patient_id = x.id;
  INSERT INTO patient_name_terms (word, last_key, first_key, patient_id)
    SELECT term, lower(n.last_name), lower(n.first_name), n.id
    FROM old_rows o JOIN new_rows n ON n.id = o.id, unnest(pnss_name_terms(n.first_name, n.middle_name, n.last_name)) AS term
    WHERE (o.first_name, o.middle_name, o.last_name) IS DISTINCT FROM (n.first_name, n.middle_name, n.last_name);
  PERFORM pnss_name_words_add(coalesce(array_agg(c.word), '{}'), coalesce(array_agg(c.delta), '{}'))
    FROM (
      SELECT w AS word, -1 AS delta
      FROM old_rows o JOIN new_rows n ON n.id = o.id, unnest(pnss_name_words(o.first_name, o.middle_name, o.last_name)) AS w
      WHERE (o.first_name, o.middle_name, o.last_name) IS DISTINCT FROM (n.first_name, n.middle_name, n.last_name)
      UNION ALL
      SELECT w, 1
      FROM old_rows o JOIN new_rows n ON n.id = o.id, unnest(pnss_name_words(n.first_name, n.middle_name, n.last_name)) AS w
      WHERE (o.first_name, o.middle_name, o.last_name) IS DISTINCT FROM (n.first_name, n.middle_name, n.last_name)
    ) c;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pnss_patient_names_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM patient_name_terms t
  USING (
    SELECT term, lower(o.last_name) AS last_key, lower(o.first_name) AS first_key, o.id
    FROM old_rows o, unnest(pnss_name_terms(o.first_name, o.middle_name, o.last_name)) AS term
  ) x
  WHERE t.word = x.term AND t.last_key = x.last_key AND t.first_key = x.first_key AND t.patient_id = x.id;
  PERFORM pnss_name_words_add(coalesce(array_agg(w), '{}'), coalesce(array_agg(-1), '{}'))
    FROM old_rows o, unnest(pnss_name_words(o.first_name, o.middle_name, o.last_name)) AS w;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The pairs (or the empty term) of the patients already there (their words are there since 0009).
INSERT INTO patient_name_terms (word, last_key, first_key, patient_id)
  SELECT term, lower(p.last_name), lower(p.first_name), p.id
  FROM patients p, unnest(pnss_name_terms(p.first_name, p.middle_name, p.last_name)) AS term
  WHERE term LIKE '% %' OR term = '';
