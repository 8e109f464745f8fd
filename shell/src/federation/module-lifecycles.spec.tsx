import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, makeStore } from '@pnss/web';
import { errorPanelLifecycles, guardedLifecycles, isModuleLifecycles, type ModuleLifecycles, type MountProps } from './module-lifecycles.js';

function props(): MountProps {
  const domElement = document.createElement('div');
  document.body.appendChild(domElement);
  return { name: 'mfe_reports', domElement, store: makeStore(), api };
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
