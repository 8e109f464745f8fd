/** One canned answer of the mocked server. */
export interface MockAnswer {
  status?: number;
  body?: unknown;
  /** Simulates a call that never reaches the server. */
  networkError?: string;
}

export type MockRoutes = Record<string, MockAnswer | ((request: Request) => MockAnswer | Promise<MockAnswer>)>;

export interface MockedApi {
  fetch: jest.Mock<Promise<Response>, [Request | string, RequestInit?]>;
  /** Requests seen so far, as 'METHOD /path'. */
  calls: () => string[];
  /** The Request objects seen so far. */
  requests: Request[];
}

/**
 * Replaces fetch with a server that answers from `routes`, keyed 'METHOD /api/path' (the query
 * string is ignored). A call with no route fails the test loudly instead of hanging.
 */
export function mockApi(routes: MockRoutes): MockedApi {
  const requests: Request[] = [];
  const fetchMock = jest.fn(async (input: Request | string, init?: RequestInit) => {
    const request = typeof input === 'string' ? new Request(input, init) : input;
    requests.push(request);
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    const route = routes[key];
    if (!route) throw new Error(`No mocked answer for ${key}`);
    const answer = typeof route === 'function' ? await route(request) : route;
    if (answer.networkError) throw new TypeError(answer.networkError);
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    fetch: fetchMock,
    requests,
    calls: () => requests.map((request) => `${request.method} ${new URL(request.url).pathname}`),
  };
}
