// jsdom with the fetch API of Node, as a browser has it: RTK Query's fetchBaseQuery builds
// Request objects, and a browser resolves '/api/...' against the page, so this does too.
// First: it changes how jsdom matches style rules before jsdom is loaded (jsdom-style-index.js).
import './jsdom-style-index.js';
import { TestEnvironment } from 'jest-environment-jsdom';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';

export default class PnssJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const page = this.global;
    const NodeRequest = globalThis.Request;
    class PageRequest extends NodeRequest {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, page.location.href).href : input, init);
      }
    }
    page.Request = PageRequest;
    page.Response = globalThis.Response;
    page.Headers = globalThis.Headers;
    page.FormData = globalThis.FormData;
    // Node's Request only accepts Node's AbortSignal.
    page.AbortController = globalThis.AbortController;
    page.AbortSignal = globalThis.AbortSignal;
    page.TextEncoder = globalThis.TextEncoder;
    page.TextDecoder = globalThis.TextDecoder;
    page.ReadableStream = globalThis.ReadableStream;
    page.structuredClone = globalThis.structuredClone;
    // IndexedDB (fake-indexeddb, one per test file) and Node's WebCrypto, as a browser has them: the
    // offline store (issue 32) keeps its queue in the one, encrypted with the other.
    page.indexedDB = new IDBFactory();
    page.IDBKeyRange = IDBKeyRange;
    Object.defineProperty(page, 'crypto', { value: globalThis.crypto, configurable: true });
    // Each test mocks fetch (see mockApi); until then a call fails loudly.
    page.fetch = async (input) => {
      throw new Error(`fetch was not mocked in this test: ${typeof input === 'string' ? input : input.url}`);
    };
  }
}
