import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createHostConfig, createRemoteConfig, sharedDependencies } from './index.js';

const dir = fileURLToPath(new URL('../../mfe-cases', import.meta.url));

function federationOptions(config) {
  const plugin = config.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin');
  return plugin._options;
}

describe('the webpack + Module Federation config factory', () => {
  it('shares the platform singletons once for the whole page', () => {
    const shared = sharedDependencies();
    for (const name of ['react', 'react-dom', 'react-router-dom', 'antd', '@ant-design/icons', '@reduxjs/toolkit', 'react-redux', 'dayjs', '@pnss/libs', '@pnss/web']) {
      assert.equal(shared[name]?.singleton, true, `${name} is a shared singleton`);
    }
    assert.equal(shared['react-dom/'].singleton, true, 'react-dom/client is shared too');
  });

  it('a remote emits remoteEntry.js and mf-manifest.json, with publicPath auto so any origin can serve it', () => {
    const config = createRemoteConfig({ name: 'mfe_cases', dir, exposes: { './app': './src/app.tsx' } });
    const federation = federationOptions(config);
    assert.equal(federation.filename, 'remoteEntry.js');
    assert.deepEqual(federation.exposes, { './app': './src/app.tsx' });
    assert.equal(federation.manifest, true);
    assert.equal(config.output.publicPath, 'auto');
    assert.equal(config.output.filename, '[name].js');
    assert.match(config.output.chunkFilename, /\[contenthash/);
    assert.equal(config.context, dir);
  });

  it('the host names no remote: remotes come from remotes.json at run time', () => {
    const config = createHostConfig({ name: 'shell', dir, template: './public/index.html', title: 'PNSS' });
    assert.deepEqual(federationOptions(config).remotes, {});
  });

  it('names no localhost', () => {
    assert.doesNotMatch(readFileSync(new URL('./index.js', import.meta.url), 'utf8'), /localhost|127\.0\.0\.1/);
  });
});
