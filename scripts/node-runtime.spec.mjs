// node --test scripts/ (npm test runs it): the oldest Node.js the scripts accept is engines.node.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { isSupportedNode, oldestSupportedNode } from './node-runtime.mjs';

describe('the Node.js the scripts accept', () => {
  it("reads the oldest from the root package.json's engines.node", () => {
    const range = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
    assert.equal(`>=${oldestSupportedNode().slice(0, range.split('.').length).join('.')}`, range.replace(/\s/g, ''));
  });

  it('accepts 22.12 and newer, 24 included, and refuses 20 and 22.11', () => {
    const oldest = [22, 12, 0];
    for (const version of ['v22.12.0', 'v22.20.1', 'v24.21.0', 'v26.0.0']) assert.equal(isSupportedNode(version, oldest), true, version);
    for (const version of ['v20.20.2', 'v22.11.9', 'v18.20.0']) assert.equal(isSupportedNode(version, oldest), false, version);
  });

  it('runs on the Node.js npm install brought (24) when started through npm', { skip: !process.env.npm_lifecycle_event }, () => {
    assert.match(process.version, /^v24\./);
  });
});
