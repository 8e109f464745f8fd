import { TOKEN_STORAGE_KEY } from '@pnss/libs/api';
import { dispositionFileName, downloadWithToken } from './download-with-token.js';

describe("downloadWithToken: a file fetched with the session's token, saved under the server's file name", () => {
  let saved: { href: string; download: string }[];
  let fetchMock: jest.Mock<Promise<Response>, [string, RequestInit?]>;

  beforeEach(() => {
    saved = [];
    localStorage.setItem(TOKEN_STORAGE_KEY, 'Bearer t0k3n');
    URL.createObjectURL = jest.fn(() => 'blob:file');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    fetchMock = jest.fn();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  afterEach(() => {
    jest.restoreAllMocks();
    localStorage.clear();
  });

  const answer = (body: BodyInit, init: ResponseInit) => fetchMock.mockResolvedValueOnce(new Response(body, init));

  it("sends the session's token and saves the answer under the Content-Disposition file name", async () => {
    answer('a,b', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="births-2026.csv"' } });
    await expect(downloadWithToken('/api/reports/export/table', 'report.csv')).resolves.toBe('births-2026.csv');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/reports/export/table');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer t0k3n');
    expect(saved).toEqual([{ href: 'blob:file', download: 'births-2026.csv' }]);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('saves under the fallback name when the server names no file', async () => {
    answer('a,b', { status: 200 });
    await expect(downloadWithToken('/api/x', 'report.csv')).resolves.toBe('report.csv');
    expect(saved).toEqual([{ href: 'blob:file', download: 'report.csv' }]);
  });

  it('keeps the rest of the request and sends no Authorization header without a session', async () => {
    localStorage.clear();
    answer('a', { status: 200 });
    await downloadWithToken('/api/x', 'x.zip', { init: { method: 'POST', headers: { Accept: 'application/zip' } } });
    const init = fetchMock.mock.calls[0]![1];
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('Accept')).toBe('application/zip');
    expect(headers.has('Authorization')).toBe(false);
  });

  it("a refusal throws the error envelope's message and saves nothing", async () => {
    answer(JSON.stringify({ statusCode: 403, message: 'Forbidden resource' }), { status: 403, headers: { 'content-type': 'application/json' } });
    await expect(downloadWithToken('/api/x', 'x.csv', { failureMessage: 'Export failed' })).rejects.toThrow(new Error('Forbidden resource'));
    expect(saved).toEqual([]);
  });

  it('a refusal that is not the envelope throws the failure message with the status', async () => {
    answer('<html>Bad gateway</html>', { status: 502 });
    await expect(downloadWithToken('/api/x', 'x.csv', { failureMessage: 'Export failed' })).rejects.toThrow(new Error('Export failed (502)'));
    answer(JSON.stringify({ error: 'no message' }), { status: 500 });
    await expect(downloadWithToken('/api/x', 'x.csv')).rejects.toThrow(new Error('The file could not be downloaded (500)'));
    expect(saved).toEqual([]);
  });
});

describe('dispositionFileName', () => {
  it('reads the quoted filename of a Content-Disposition header', () => {
    expect(dispositionFileName('attachment; filename="census-2026.zip"')).toBe('census-2026.zip');
    expect(dispositionFileName('attachment')).toBeNull();
    expect(dispositionFileName(null)).toBeNull();
  });
});
