#!/usr/bin/env node
// Builds the package in the current folder from its webpack.config.js through webpack's Node API
// (webpack-cli is not needed), writes the brotli and gzip copies the server sends, then prints
// the compressed size of the entry files.
// Usage: node ../libs/build/bin/pnss-build.js [--mode development] [--watch]
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import webpack from 'webpack';
import { precompress } from '../precompress.js';

const args = process.argv.slice(2);
const modeAt = args.indexOf('--mode');
const mode = modeAt >= 0 ? args[modeAt + 1] : 'production';
const watch = args.includes('--watch');

const configPath = resolve(process.cwd(), 'webpack.config.js');
const { default: exported } = await import(pathToFileURL(configPath).href);
const config = typeof exported === 'function' ? exported({}, { mode }) : exported;

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function compressAndPrintSizes(outputPath) {
  if (!existsSync(outputPath)) return;
  const rows = precompress(outputPath).filter((row) => row.path.endsWith('.js'));
  const lines = rows
    .filter((row) => ['main.js', 'remoteEntry.js'].includes(basename(row.path)))
    .map((row) => `  ${basename(row.path)}: ${kb(row.br)} brotli, ${kb(row.gz)} gzip`);
  const total = (key) => rows.reduce((sum, row) => sum + row[key], 0);
  console.info([...lines, `  all .js files: ${kb(total('br'))} brotli, ${kb(total('gz'))} gzip`].join('\n'));
}

function report(err, stats) {
  if (err) {
    console.error(err);
    return false;
  }
  const text = stats.toString({ colors: process.stdout.isTTY, ...config.stats === undefined ? {} : { preset: config.stats } });
  if (text.trim()) console.info(text);
  if (stats.hasErrors()) return false;
  console.info(`${config.output.uniqueName}: built in ${((stats.endTime - stats.startTime) / 1000).toFixed(1)} s`);
  // Watch builds are for development: the server falls back to the plain files.
  if (!watch) compressAndPrintSizes(config.output.path);
  return true;
}

const compiler = webpack(config);
if (watch) {
  compiler.watch({}, (err, stats) => report(err, stats));
} else {
  compiler.run((err, stats) => {
    const ok = report(err, stats);
    compiler.close(() => process.exit(ok ? 0 : 1));
  });
}
