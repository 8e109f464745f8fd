import { type SQL, eq, sql } from 'drizzle-orm';
import { type Executor, prepared } from '../../database/database.service.js';
import { listCounters } from '../../database/list-performance.schema.js';

/**
 * One of the exact counts that the triggers of migration 0006 keep in step with every committed
 * change ('patients', 'open_case_patients', 'admitted_patients', 'cases', 'open_cases',
 * 'archived_cases'): the patients and the cases lists read their totals here, as one prepared statement.
 */
export async function listCounter(executor: Executor, name: string): Promise<number> {
  const [row] = await prepared(executor, 'list_counter_value', (on) =>
    on.select({ n: listCounters.value }).from(listCounters).where(eq(listCounters.name, sql.placeholder('name'))),
  ).execute({ name });
  return Number(row?.n ?? 0);
}

/**
 * The same count as a column of a list's statement (`total`, as text): the page and its count in one
 * statement and one round trip, instead of the page beside a read of the counter.
 */
export function listCounterColumn(name: string): SQL.Aliased<string> {
  return sql<string>`(select ${listCounters.value} from ${listCounters} where ${listCounters.name} = ${name})`.as('total');
}
