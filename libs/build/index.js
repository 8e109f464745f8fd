// The one webpack + Module Federation config factory for the shell and every module.
// Each package's webpack.config.js is a few lines calling createHostConfig or createRemoteConfig.
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync } from 'node:fs';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import webpack from 'webpack';
import { InjectManifest } from 'workbox-webpack-plugin';
import { importedNames, TRIMMED_SHARED, writeTrimmedModule } from './shared-exports.js';

const require = createRequire(import.meta.url);
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const libsSrc = join(repoRoot, 'libs', 'src');
const webSrc = join(repoRoot, 'libs', 'web', 'src');

function versionOf(pkg) {
  return require(`${pkg}/package.json`).version;
}

function workspaceVersion(folder) {
  return require(join(repoRoot, folder, 'package.json')).version;
}

/**
 * The workspace folders of the modules, from remotes.json (the one list of modules): a module
 * named `mfe_x` lives in `mfe-x` unless its entry names a `workspace`.
 */
export function moduleWorkspaces() {
  const { remotes } = JSON.parse(readFileSync(join(repoRoot, 'remotes.json'), 'utf8'));
  return remotes.map((remote) => remote.workspace ?? remote.name.replaceAll('_', '-'));
}

/** Every front-end source folder of the platform: the shell, @pnss/web and each module. */
export function frontEndSourceDirs() {
  return [join(repoRoot, 'shell', 'src'), join(webSrc, ''), ...moduleWorkspaces().map((folder) => join(repoRoot, folder, 'src'))];
}

/**
 * What the page shares, and how strictly (issue 9, item 5):
 * - react, react-dom, react-router-dom, antd, @reduxjs/toolkit, react-redux and dayjs are
 *   singletons: one copy for the page, provided by whoever loads first (the shell), accepted by
 *   a module within the same major version.
 * - @pnss/web (the store, the API base, the session) is a singleton with its real version and a
 *   strict range: a module built against a newer @pnss/web than the shell provides fails to load
 *   and shows its error panel, instead of running on an older store or API base unseen.
 * - @pnss/libs (pure rules and code tables) is not shared: each build carries the rules it was
 *   built with, so a module deployed with newer rules runs them.
 * - @ant-design/icons is not shared: each build carries the few icons it imports, instead of the
 *   whole set (182 KB gzip) on every first load.
 * Keys ending in '/' share every subpath (react/jsx-runtime, react-dom/client,
 * @reduxjs/toolkit/query/react, dayjs plugins).
 */
export function sharedDependencies() {
  const npm = (pkg) => ({ singleton: true, requiredVersion: `^${versionOf(pkg)}`, version: versionOf(pkg) });
  const web = workspaceVersion('libs/web');
  return {
    react: npm('react'),
    'react/': npm('react'),
    'react-dom': npm('react-dom'),
    'react-dom/': npm('react-dom'),
    'react-router-dom': npm('react-router-dom'),
    antd: npm('antd'),
    '@reduxjs/toolkit': npm('@reduxjs/toolkit'),
    '@reduxjs/toolkit/': npm('@reduxjs/toolkit'),
    'react-redux': npm('react-redux'),
    dayjs: npm('dayjs'),
    'dayjs/': npm('dayjs'),
    '@pnss/web': { singleton: true, strictVersion: true, requiredVersion: `^${web}`, version: web },
  };
}

/**
 * Aliases that make `import { Button } from 'antd'` (and React Router) resolve to a module
 * re-exporting only the names the platform's sources import (see shared-exports.js).
 */
export function trimmedSharedAliases(outDir = join(repoRoot, 'node_modules', '.cache', 'pnss-shared')) {
  const dirs = frontEndSourceDirs();
  const aliases = {};
  for (const pkg of TRIMMED_SHARED) {
    const path = writeTrimmedModule(pkg, importedNames(pkg, dirs), outDir);
    if (path) aliases[`${pkg}$`] = path;
  }
  return aliases;
}

function swcRule() {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2020',
        },
      },
    },
  };
}

function baseConfig({ name, dir, mode, entry, federation }) {
  const production = mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    entry: { main: entry },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: join(dir, 'dist'),
      // The remote entry cannot carry a content hash; chunks can, so they cache forever.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      publicPath: 'auto',
      uniqueName: name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.jsx', '.json'],
      // Sources import siblings as './x.js' (ESM style); resolve them to the .ts/.tsx file.
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: {
        // Compile the shared workspaces from source so one build needs no prior libs build.
        '@pnss/libs': libsSrc,
        '@pnss/web': webSrc,
        ...trimmedSharedAliases(),
      },
    },
    module: { rules: [swcRule()] },
    optimization: {
      minimize: production,
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, terserOptions: { compress: true, mangle: true } })],
    },
    performance: { hints: false },
    plugins: [
      new ModuleFederationPlugin({
        name,
        shared: sharedDependencies(),
        // Remotes register at run time, so no remote's entry must load just to pick versions.
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        ...federation,
      }),
    ],
    stats: 'errors-warnings',
  };
}

/**
 * A module (remote): emits remoteEntry.js and mf-manifest.json, loadable from any origin.
 * @param {{ name: string, dir: string, exposes: Record<string, string>, mode?: string }} options
 */
export function createRemoteConfig({ name, dir, exposes, mode = 'production' }) {
  return baseConfig({
    name,
    dir,
    mode,
    entry: './src/index.ts',
    // The federation runtime comes from the shell (provideExternalRuntime), not again in every
    // remoteEntry.js: about 20 KB brotli less per module on the first load.
    federation: { filename: 'remoteEntry.js', exposes, experiments: { externalRuntime: true } },
  });
}

/** Copies every file of a folder but the HTML template into the build, under the same names (the web app manifest, its icons). */
class PublicFilesPlugin {
  constructor(folder, template) {
    this.folder = folder;
    this.template = template;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PublicFilesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const file of readdirSync(this.folder)) {
          const path = join(this.folder, file);
          if (path === this.template) continue;
          compilation.fileDependencies.add(path);
          compilation.emitAsset(file, new webpack.sources.RawSource(readFileSync(path)));
        }
      });
    });
  }
}

/**
 * The shell's service worker (issue 32): Workbox InjectManifest compiles `serviceWorker` to sw.js
 * and writes into it the list of the shell's files to precache. Source maps, the precompressed
 * copies and the federation's own manifests are left out of that list.
 */
function serviceWorkerPlugin(dir, serviceWorker) {
  return new InjectManifest({
    swSrc: join(dir, serviceWorker),
    swDest: 'sw.js',
    exclude: [/\.map$/, /\.(br|gz)$/, /LICENSE\.txt$/, /^mf-(manifest|stats)\.json$/, /^\.build-stamp$/],
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  });
}

/**
 * The host (shell): names no remote; it reads /remotes.json at run time. `publicDir` files (but the
 * template) are copied to the build; `serviceWorker` names the service worker's source.
 * @param {{ name: string, dir: string, template: string, title: string, mode?: string, publicDir?: string, serviceWorker?: string }} options
 */
export function createHostConfig({ name, dir, template, title, mode = 'production', publicDir, serviceWorker }) {
  const config = baseConfig({
    name,
    dir,
    mode,
    entry: './src/index.ts',
    federation: { remotes: {}, experiments: { provideExternalRuntime: true } },
  });
  config.plugins.push(new HtmlWebpackPlugin({ template, title, scriptLoading: 'defer', chunks: ['main'] }));
  if (publicDir) config.plugins.push(new PublicFilesPlugin(join(dir, publicDir), join(dir, template)));
  if (serviceWorker) config.plugins.push(serviceWorkerPlugin(dir, serviceWorker));
  return config;
}
