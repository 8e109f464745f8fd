#!/usr/bin/env node
/**
 * Writes src/submissions/data-dictionary.md from the census package's data dictionary
 * (src/submissions/data-dictionary.ts), read from the built libs (dist/). `npm test -w libs` fails
 * when the file is not what the dictionary gives.
 *
 *   npm run data-dictionary -w libs
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const libs = join(dirname(fileURLToPath(import.meta.url)), '..');
const { DATA_DICTIONARY_DOC, renderDataDictionary } = await import(join(libs, 'dist', 'submissions', 'index.js'));
writeFileSync(join(libs, 'src', 'submissions', DATA_DICTIONARY_DOC), renderDataDictionary());
