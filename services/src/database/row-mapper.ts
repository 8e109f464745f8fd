import { Column, type DriverValueDecoder, SQL, Subquery, is, noopDecoder } from 'drizzle-orm';

/** What drizzle keeps of a prepared statement's selection: each column's key path and its field. */
interface SelectedField {
  path: string[];
  field: unknown;
}

/** The parts of drizzle's prepared query (node-postgres and PGlite alike) that map its rows. */
interface MappedStatement {
  fields?: SelectedField[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

type Decoder = DriverValueDecoder<unknown, unknown>;
/** An SQL field's decoder (`mapWith`), which drizzle's types keep private. */
const decoderOfSql = (query: SQL) => (query as unknown as { decoder: Decoder }).decoder;

/** The decoder drizzle's mapResultRow gives a field (drizzle-orm utils.js), resolved once. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: SQL } })._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/** A decoder that returns the driver's value as it is (drizzle's default for a column or an SQL field). */
function keepsValue(decoder: Decoder): boolean {
  return decoder.mapFromDriverValue === noopDecoder.mapFromDriverValue || decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue;
}

/**
 * Gives a prepared statement whose selection is flat (every key at the top level, as the lists and
 * most reads select) a row mapper resolved once, instead of drizzle's mapResultRow, which resolves
 * each field's decoder (`is()` over its class chain) and walks its key path again for every cell of
 * every row: a page of 100 rows paid it 700 times (CPU profiles of the lists under load, issue 33).
 * The rows are the same: the same keys in the same order, null kept as null, any other value through
 * the field's own decoder (mapFromDriverValue). A nested selection (a table under a key, which
 * drizzle sets to null when a left join found nothing) keeps drizzle's mapper, as does a statement
 * with a mapper of its own.
 */
export function mapFlatRowsOnce<S>(statement: S): S {
  const mapped = statement as S & MappedStatement;
  const fields = mapped.fields;
  if (!fields || mapped.customResultMapper || !fields.every((f) => f.path.length === 1)) return statement;
  const keys = fields.map((f) => f.path[0]);
  const decoders = fields.map((f) => {
    const decoder = decoderOf(f.field);
    return keepsValue(decoder) ? null : decoder;
  });
  const width = keys.length;
  mapped.customResultMapper = (rows) => {
    const result = new Array<Record<string, unknown>>(rows.length);
    for (let r = 0; r < rows.length; r += 1) {
      const row = rows[r];
      const out: Record<string, unknown> = {};
      for (let i = 0; i < width; i += 1) {
        const value = row[i];
        const decoder = decoders[i];
        out[keys[i]] = value === null || decoder === null ? value : decoder.mapFromDriverValue(value);
      }
      result[r] = out;
    }
    return result;
  };
  return statement;
}
