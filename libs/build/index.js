// The one webpack + Module Federation config factory for the shell and every module.
// Each package's webpack.config.js is a few lines calling createHostConfig or createRemoteConfig.
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';

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
 * Shared singletons: one copy of each for the whole page, provided by whoever loads first
 * (the shell). Keys ending in '/' share every subpath (react/jsx-runtime, react-dom/client,
 * @reduxjs/toolkit/query/react, @pnss/libs/permissions, dayjs plugins).
 */
export function sharedDependencies() {
  const npm = (pkg) => ({ singleton: true, requiredVersion: `^${versionOf(pkg)}`, version: versionOf(pkg) });
  const workspace = (folder) => ({ singleton: true, requiredVersion: false, version: workspaceVersion(folder) });
  return {
    react: npm('react'),
    'react/': npm('react'),
    'react-dom': npm('react-dom'),
    'react-dom/': npm('react-dom'),
    'react-router-dom': npm('react-router-dom'),
    antd: npm('antd'),
    '@ant-design/icons': npm('@ant-design/icons'),
    '@reduxjs/toolkit': npm('@reduxjs/toolkit'),
    '@reduxjs/toolkit/': npm('@reduxjs/toolkit'),
    'react-redux': npm('react-redux'),
    dayjs: npm('dayjs'),
    'dayjs/': npm('dayjs'),
    '@pnss/libs': workspace('libs'),
    '@pnss/libs/': workspace('libs'),
    '@pnss/web': workspace('libs/web'),
  };
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
    federation: { filename: 'remoteEntry.js', exposes },
  });
}

/**
 * The host (shell): names no remote; it reads /remotes.json at run time.
 * @param {{ name: string, dir: string, template: string, title: string, mode?: string }} options
 */
export function createHostConfig({ name, dir, template, title, mode = 'production' }) {
  const config = baseConfig({ name, dir, mode, entry: './src/index.ts', federation: { remotes: {} } });
  config.plugins.push(new HtmlWebpackPlugin({ template, title, scriptLoading: 'defer', chunks: ['main'] }));
  return config;
}
