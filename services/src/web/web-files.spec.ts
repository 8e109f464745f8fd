import { cacheControlFor } from './web-files.js';

describe('cache headers of the web files', () => {
  it('makes the browser check entry files at every load', () => {
    for (const file of ['index.html', 'remoteEntry.js', 'mf-manifest.json', 'remotes.json']) {
      expect(cacheControlFor(`/srv/dist/${file}`)).toBe('no-cache');
    }
  });

  it('lets content-hashed files be cached for a year', () => {
    expect(cacheControlFor('/srv/dist/main.3f2a9c1b.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/srv/dist/412.9a8b7c6d5e.chunk.css')).toBe('public, max-age=31536000, immutable');
  });

  it('does not cache unhashed files for long', () => {
    expect(cacheControlFor('/srv/dist/logo.png')).toBe('no-cache');
  });
});
