import { useLocation } from 'react-router-dom';
import type { MockedApi } from './mock-api.js';

/** Where a test's router is (`getByTestId('location')`), for tests that follow a navigation. */
export function LocationProbe({ hidden = false }: { hidden?: boolean }) {
  const location = useLocation();
  return (
    <output data-testid="location" hidden={hidden || undefined}>
      {location.pathname}
    </output>
  );
}

/** The JSON body of a call the mocked server took (`'PUT /api/roles'`): the first one, or with `last` the latest. */
export async function requestBody(server: MockedApi, call: string, { last = false }: { last?: boolean } = {}): Promise<unknown> {
  const matching = server.requests.filter((r) => `${r.method} ${new URL(r.url).pathname}` === call);
  const request = last ? matching[matching.length - 1] : matching[0];
  if (!request) throw new Error(`no ${call} among ${server.calls().join(', ')}`);
  return request.clone().json();
}
