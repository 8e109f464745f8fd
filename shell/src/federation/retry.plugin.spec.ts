import { retryPlugin } from './retry.plugin.js';

type FetchHook = (url: string, init: RequestInit) => Promise<Response>;
type EntryHook = (args: Record<string, unknown>) => Promise<unknown>;

describe('the retry runtime plugin', () => {
  const sleeps: number[] = [];
  const sleep = async (ms: number) => {
    sleeps.push(ms);
  };
  beforeEach(() => {
    sleeps.length = 0;
  });

  it('a failed manifest fetch is retried twice with growing pauses, then fails', async () => {
    const fetchMock = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const plugin = retryPlugin({ sleep, baseDelayMs: 100 });
    await expect((plugin.fetch as unknown as FetchHook)('/modules/reports/mf-manifest.json', {})).rejects.toThrow('Failed to fetch');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(sleeps).toEqual([100, 200]);
  });

  it('an error answer counts as a failure; a later success is returned', async () => {
    const fetchMock = jest
      .fn()
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValueOnce(new Response('{"ok":true}', { status: 200 }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const plugin = retryPlugin({ sleep });
    const response = await (plugin.fetch as unknown as FetchHook)('/modules/cases/mf-manifest.json', {});
    expect(await response.json()).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a remoteEntry.js that failed to load is requested again, forgetting the failed load first', async () => {
    const exportsOfEntry = { init: jest.fn(), get: jest.fn() };
    const getRemoteEntry = jest.fn().mockRejectedValueOnce(new Error('ScriptNetworkError')).mockResolvedValueOnce(exportsOfEntry);
    const globalLoading: Record<string, unknown> = { 'mfe_reports:entry': Promise.resolve() };
    const plugin = retryPlugin({ sleep, baseDelayMs: 10 });
    const result = await (plugin.loadEntryError as unknown as EntryHook)({
      getRemoteEntry,
      origin: {},
      remoteInfo: { name: 'mfe_reports' },
      globalLoading,
      uniqueKey: 'mfe_reports:entry',
    });
    expect(result).toBe(exportsOfEntry);
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
    expect(globalLoading).not.toHaveProperty('mfe_reports:entry');
    expect(sleeps).toEqual([10, 20]);
  });

  it('gives up on the entry after two retries, so the error panel shows', async () => {
    const getRemoteEntry = jest.fn().mockRejectedValue(new Error('ScriptNetworkError'));
    const plugin = retryPlugin({ sleep });
    const result = await (plugin.loadEntryError as unknown as EntryHook)({
      getRemoteEntry,
      origin: {},
      remoteInfo: { name: 'mfe_reports' },
      globalLoading: {},
      uniqueKey: 'k',
    });
    expect(result).toBeUndefined();
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
  });
});
