import type { IssuedHubKey } from '@pnss/libs/api';
import { and, eq } from 'drizzle-orm';
import { nationalIngest } from '../../src/database/national.schema.js';
import { hubPackages } from '../../src/database/submissions.schema.js';
import type { TestApp } from './test-app.js';

/**
 * What the national tests do on a hub: send a department's package with its key, find a received
 * version's row, and wait for its ingest. `hub` is read at each call (the suites open it in beforeAll).
 */
export function hubPackageSteps(hub: () => TestApp, keys: Record<string, IssuedHubKey>) {
  const send = (departmentId: string, bytes: Buffer) =>
    hub().http.post('/api/hub/packages').set({ 'Content-Type': 'application/zip', 'x-department-id': departmentId, 'x-api-key': keys[departmentId].key }).send(bytes);
  const packageId = async (departmentId: string, submissionId: string, version: number): Promise<string> =>
    (await hub().database.db.select({ id: hubPackages.id }).from(hubPackages)
      .where(and(eq(hubPackages.departmentId, departmentId), eq(hubPackages.submissionId, submissionId), eq(hubPackages.version, version))))[0].id;
  /** Waits for the background job to leave the package queued, active or retrying; answers the state it left it in. */
  const settled = async (id: string, timeoutMs = 30_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [row] = await hub().database.db.select({ state: nationalIngest.state }).from(nationalIngest).where(eq(nationalIngest.hubPackageId, id));
      if (row && !['queued', 'active', 'retrying'].includes(row.state)) return row.state;
      if (Date.now() > deadline) throw new Error(`The ingest of ${id} is still ${row?.state}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return { send, packageId, settled };
}
