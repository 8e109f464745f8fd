// EXPLAIN ANALYZE of the statements the services ran for each read figure (as captured by run.ts),
// run on the same database with the same parameters: the time each takes inside PostgreSQL.
import pg from 'pg';
import type { BaselineFigure } from './baseline.js';

export interface ExplainedStatement {
  figure: string;
  sql: string;
  executionMs: number;
  plan: string[];
}

/**
 * Each SELECT of each figure (an audited read's too: its answer and its audit row are one statement,
 * WITH ... INSERT INTO audit_pending ... SELECT), twice (the second, warm, is kept), each in a
 * transaction rolled back, so no row is left behind.
 */
export async function explainFigures(url: string, figures: Record<string, BaselineFigure>, only: (name: string) => boolean): Promise<ExplainedStatement[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const out: ExplainedStatement[] = [];
  try {
    for (const [figure, { statements }] of Object.entries(figures)) {
      if (!only(figure)) continue;
      for (const statement of statements) {
        if (!/^\s*(select|with)\b/i.test(statement.text)) continue;
        let plan: string[] = [];
        for (let run = 0; run < 2; run += 1) {
          await client.query('BEGIN');
          try {
            const result = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values);
            plan = result.rows.map((row) => row['QUERY PLAN']);
          } finally {
            await client.query('ROLLBACK');
          }
        }
        const time = plan.map((line) => /Execution Time: ([\d.]+) ms/.exec(line)?.[1]).find(Boolean);
        out.push({ figure, sql: statement.text, executionMs: Number(time ?? NaN), plan });
      }
    }
  } finally {
    await client.end();
  }
  return out;
}
