// The three shims antd needs in jsdom (TOOLCHAIN.md), jest-dom matchers, and a clean browser
// state for every test.
import '@testing-library/jest-dom';

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// Node's own MessageChannel would keep jest alive after the run; this one rides on jsdom's timers.
class TimerMessagePort {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  other: TimerMessagePort | null = null;
  postMessage(data: unknown): void {
    const target = this.other;
    setTimeout(() => target?.onmessage?.({ data }), 0);
  }
  start(): void {}
  close(): void {
    this.onmessage = null;
  }
  addEventListener(_type: 'message', listener: (event: { data: unknown }) => void): void {
    this.onmessage = listener;
  }
  removeEventListener(): void {
    this.onmessage = null;
  }
}

class TimerMessageChannel {
  readonly port1 = new TimerMessagePort();
  readonly port2 = new TimerMessagePort();
  constructor() {
    this.port1.other = this.port2;
    this.port2.other = this.port1;
  }
}

if (typeof globalThis.MessageChannel === 'undefined') {
  (globalThis as { MessageChannel?: unknown }).MessageChannel = TimerMessageChannel;
}

// jsdom has no pseudo-element styles and logs an error when asked; antd asks to measure scrollbars.
const jsdomGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => jsdomGetComputedStyle(element);

beforeEach(() => {
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    throw new Error(`fetch was not mocked in this test: ${String(input instanceof Request ? input.url : input)}`);
  }) as typeof fetch;
});

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.location.hash = '';
});

// antd's popups (date picker, select) measure themselves; jsdom has no layout to observe.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
