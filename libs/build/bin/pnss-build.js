#!/usr/bin/env node
// Builds the package in the current folder from its webpack.config.js through webpack's Node API
// (webpack-cli is not needed), then prints the gzip size of the entry files.
// Usage: node ../libs/build/bin/pnss-build.js [--mode development] [--watch]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import webpack from 'webpack';

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

function printSizes(outputPath) {
  if (!existsSync(outputPath)) return;
  let total = 0;
  const lines = [];
  for (const file of readdirSync(outputPath)) {
    if (!file.endsWith('.js')) continue;
    const gz = gzipSync(readFileSync(join(outputPath, file))).length;
    total += gz;
    if (file === 'main.js' || file === 'remoteEntry.js') lines.push(`  ${file}: ${kb(gz)} gzip`);
  }
  console.info([...lines, `  all .js files: ${kb(total)} gzip`].join('\n'));
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
  printSizes(config.output.path);
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
