import { fallbackPlugin } from './fallback.plugin.js';

type ErrorHook = (args: Record<string, unknown>) => Promise<unknown>;

describe('the fallback runtime plugin', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.mocked(console.error).mockRestore());

  it("answers a module that cannot be loaded with the stand-in for that module's area", async () => {
    const standIn = { bootstrap: jest.fn(), mount: jest.fn(), unmount: jest.fn() };
    const createFallback = jest.fn(() => standIn);
    const plugin = fallbackPlugin(createFallback);
    const error = new Error('Failed to get manifest');
    const result = await (plugin.errorLoadRemote as unknown as ErrorHook)({ id: 'mfe_reports/app', error, lifecycle: 'onLoad', from: 'runtime' });
    expect(result).toBe(standIn);
    expect(createFallback).toHaveBeenCalledWith('mfe_reports', error);
  });

  it('leaves the manifest stage alone, where a module stand-in would be read as a manifest', async () => {
    const plugin = fallbackPlugin(() => ({}));
    const result = await (plugin.errorLoadRemote as unknown as ErrorHook)({ id: '/m/mf-manifest.json', error: new Error('x'), lifecycle: 'afterResolve' });
    expect(result).toBeUndefined();
  });
});
