import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createHostConfig, createRemoteConfig, moduleWorkspaces, sharedDependencies, trimmedSharedAliases } from './index.js';
import { importedNames } from './shared-exports.js';
import { precompress } from './precompress.js';

const dir = fileURLToPath(new URL('../../mfe-cases', import.meta.url));

function federationOptions(config) {
  const plugin = config.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin');
  return plugin._options;
}

describe('the webpack + Module Federation config factory', () => {
  it('shares the platform singletons once for the whole page', () => {
    const shared = sharedDependencies();
    for (const name of ['react', 'react-dom', 'react-router-dom', 'antd', '@reduxjs/toolkit', 'react-redux', 'dayjs', '@pnss/web']) {
      assert.equal(shared[name]?.singleton, true, `${name} is a shared singleton`);
    }
    assert.equal(shared['react-dom/'].singleton, true, 'react-dom/client is shared too');
  });

  it('shares @pnss/web with its real version and a strict range, so a module needing a newer one fails loudly', () => {
    const web = sharedDependencies()['@pnss/web'];
    const version = JSON.parse(readFileSync(new URL('../web/package.json', import.meta.url), 'utf8')).version;
    assert.equal(web.version, version);
    assert.equal(web.requiredVersion, `^${version}`);
    assert.equal(web.strictVersion, true);
  });

  it('does not share the pure rules nor the whole icon set: each build carries what it imports', () => {
    const shared = sharedDependencies();
    for (const name of ['@pnss/libs', '@pnss/libs/', '@ant-design/icons']) assert.equal(shared[name], undefined, `${name} is not shared`);
  });

  it('reads the modules from remotes.json, the one list of modules', () => {
    const remotes = JSON.parse(readFileSync(new URL('../../remotes.json', import.meta.url), 'utf8')).remotes;
    assert.deepEqual(moduleWorkspaces(), remotes.map((remote) => remote.name.replaceAll('_', '-')));
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

describe('shared libraries at the size the platform uses', () => {
  it('collects the value names a source imports, leaving out type-only imports and tests', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pnss-names-'));
    try {
      mkdirSync(join(dir, 'pages'));
      writeFileSync(join(dir, 'pages', 'a.tsx'), "import { Button, type FormInstance, Table as Grid } from 'antd';\nimport type { ThemeConfig } from 'antd';");
      writeFileSync(join(dir, 'pages', 'a.spec.tsx'), "import { Mentions } from 'antd';");
      assert.deepEqual([...importedNames('antd', [dir])].sort(), ['Button', 'Table']);
      writeFileSync(join(dir, 'pages', 'b.tsx'), "import * as antd from 'antd';");
      assert.equal(importedNames('antd', [dir]), null, 'a namespace import needs the whole package');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("aliases antd and React Router to a module re-exporting only the platform's names", () => {
    const out = mkdtempSync(join(tmpdir(), 'pnss-shared-'));
    try {
      const aliases = trimmedSharedAliases(out);
      const antd = readFileSync(aliases['antd$'], 'utf8');
      assert.match(antd, /export \{ [^}]*\bButton\b[^}]*\} from ".*antd[\\/]es[\\/]index\.js"/);
      assert.doesNotMatch(antd, /\bCarousel\b|\bColorPicker\b/);
      assert.match(readFileSync(aliases['react-router-dom$'], 'utf8'), /\bHashRouter\b/);
      const config = createRemoteConfig({ name: 'mfe_cases', dir, exposes: { './app': './src/app.tsx' } });
      assert.ok(config.resolve.alias['antd$'], 'every build resolves antd to the trimmed module');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('precompressed builds', () => {
  it('writes a brotli and a gzip copy beside each text file that decompress to the same bytes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pnss-precompress-'));
    try {
      const script = 'export const answer = 42;\n'.repeat(200);
      writeFileSync(join(dir, 'main.js'), script);
      writeFileSync(join(dir, 'tiny.js'), 'x');
      writeFileSync(join(dir, 'logo.png'), Buffer.alloc(4096));
      const rows = precompress(dir);
      assert.deepEqual(rows.map((row) => row.path), [join(dir, 'main.js')]);
      assert.equal(brotliDecompressSync(readFileSync(join(dir, 'main.js.br'))).toString(), script);
      assert.equal(gunzipSync(readFileSync(join(dir, 'main.js.gz'))).toString(), script);
      assert.ok(rows[0].br < script.length / 10);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
