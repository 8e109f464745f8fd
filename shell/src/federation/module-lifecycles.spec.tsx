import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '@pnss/web';
import {
  errorPanelLifecycles,
  guardedLifecycles,
  isModuleLifecycles,
  loadFailureDetail,
  type ModuleLifecycles,
  type MountProps,
} from './module-lifecycles.js';

function props(): MountProps {
  const domElement = document.createElement('div');
  document.body.appendChild(domElement);
  return { name: 'mfe_reports', domElement, store: makeStore() };
}

async function run(step: Promise<unknown>) {
  await act(async () => {
    await step;
  });
}

describe("a module's error panel", () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.mocked(console.error).mockRestore());

  it('shows in the module area with a Retry button', async () => {
    const onRetry = jest.fn();
    const panel = errorPanelLifecycles({ label: 'Reports', onRetry });
    const mountProps = props();
    await run(panel.mount(mountProps));
    expect(screen.getByRole('alert')).toHaveTextContent('Reports could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    await run(panel.unmount(mountProps));
    expect(mountProps.domElement).toBeEmptyDOMElement();
  });

  it('replaces a module whose mount throws, without failing the lifecycle', async () => {
    const broken: ModuleLifecycles = {
      bootstrap: async () => undefined,
      mount: async () => {
        throw new Error('mount exploded');
      },
      unmount: async () => undefined,
    };
    const guarded = guardedLifecycles(broken, { label: 'Reports', onRetry: jest.fn() });
    const mountProps = props();
    await run(guarded.bootstrap(mountProps));
    await run(guarded.mount(mountProps));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await run(guarded.unmount(mountProps));
    expect(mountProps.domElement).toBeEmptyDOMElement();
  });

  it('passes a healthy module through', async () => {
    const calls: string[] = [];
    const healthy: ModuleLifecycles = {
      bootstrap: async () => calls.push('bootstrap'),
      mount: async () => calls.push('mount'),
      unmount: async () => calls.push('unmount'),
    };
    const guarded = guardedLifecycles(healthy, { label: 'Reports', onRetry: jest.fn() });
    const mountProps = props();
    await guarded.bootstrap(mountProps);
    await guarded.mount(mountProps);
    await guarded.unmount(mountProps);
    expect(calls).toEqual(['bootstrap', 'mount', 'unmount']);
    expect(isModuleLifecycles(healthy)).toBe(true);
    expect(isModuleLifecycles({ mount: () => undefined })).toBe(false);
  });
});

describe('a module built for a newer @pnss/web than the shell provides', () => {
  // What the federation runtime throws when a module's strict @pnss/web range refuses the shell's copy.
  const refused = new Error(
    '[ Federation Runtime ]: Version 1.0.0 from pnss_shell of shared singleton module @pnss/web does not satisfy the requirement of mfe_reports which needs ^1.1.0)',
  );

  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.mocked(console.error).mockRestore());

  it('fails loudly: its error panel says it needs a newer PNSS than the page runs', async () => {
    const detail = loadFailureDetail(refused);
    expect(detail).toBe(
      'This module needs a newer version of PNSS (@pnss/web ^1.1.0) than this page runs (1.0.0). Reload the page to get the newest version; if this keeps happening, contact Technical Support.',
    );
    const panel = errorPanelLifecycles({ label: 'Reports', onRetry: jest.fn(), detail });
    const mountProps = props();
    await run(panel.mount(mountProps));
    expect(screen.getByRole('alert')).toHaveTextContent('Reports could not be loaded.');
    expect(screen.getByRole('alert')).toHaveTextContent('needs a newer version of PNSS (@pnss/web ^1.1.0)');
    await run(panel.unmount(mountProps));
  });

  it('any other load failure keeps the connection advice', () => {
    expect(loadFailureDetail(new Error('Failed to fetch'))).toMatch(/^The rest of PNSS still works\./);
  });
});
