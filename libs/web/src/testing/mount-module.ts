import { act } from '@testing-library/react';
import type { AppProps } from 'single-spa';
import { makeStore, type AppStore } from '../store/make-store.js';
import type { ModuleLifecycleProps, ModuleLifecycles } from '../module/create-module-lifecycles.js';

export interface MountedModule {
  props: ModuleLifecycleProps;
  domElement: HTMLElement;
  /** Runs the module's unmount lifecycle and waits until React has let go of the element. */
  unmount: () => Promise<void>;
}

/**
 * Mounts a module's lifecycles the way the shell's single-spa does: at `hash`, into its own
 * element, with the store the shell would pass. For each module's app.spec.
 */
export async function mountModuleAt(
  lifecycles: ModuleLifecycles,
  hash: string,
  { name, store = makeStore() }: { name: string; store?: AppStore },
): Promise<MountedModule> {
  window.location.hash = hash;
  // jsdom announces the hash change in a later task; let it pass before React listens.
  await new Promise((resolve) => setTimeout(resolve, 10));
  const domElement = document.createElement('div');
  document.body.appendChild(domElement);
  const singleSpa = {} as AppProps['singleSpa'];
  const props: ModuleLifecycleProps = { name, store, domElement, singleSpa, mountParcel: jest.fn() } as ModuleLifecycleProps;
  await lifecycles.bootstrap(props);
  // Mount resolves once React has committed, so the render is flushed by a synchronous act.
  let mounted: Promise<unknown> = Promise.resolve();
  act(() => {
    mounted = lifecycles.mount(props);
  });
  await mounted;
  return {
    props,
    domElement,
    unmount: async () => {
      let unmounted: Promise<unknown> = Promise.resolve();
      act(() => {
        unmounted = lifecycles.unmount(props);
      });
      await unmounted;
    },
  };
}
