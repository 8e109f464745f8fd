import { createRoot, type Root } from 'react-dom/client';
import { ErrorPanel, PlatformProviders, type ModuleProps } from '@pnss/web';

/** What single-spa hands a module's lifecycles: the shell's customProps plus its own. */
export interface MountProps extends ModuleProps {
  name: string;
  domElement: HTMLElement;
}

export interface ModuleLifecycles {
  bootstrap: (props: MountProps) => Promise<unknown>;
  mount: (props: MountProps) => Promise<unknown>;
  unmount: (props: MountProps) => Promise<unknown>;
}

export function isModuleLifecycles(value: unknown): value is ModuleLifecycles {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return ['bootstrap', 'mount', 'unmount'].every((key) => typeof candidate[key] === 'function');
}

export interface PanelOptions {
  label: string;
  onRetry: () => void;
  /** Why the module could not be loaded, when the reason is one the user can act on. */
  detail?: string;
}

const DEFAULT_DETAIL =
  'The rest of PNSS still works. Check your connection and press Retry; if this keeps happening, contact Technical Support.';

/**
 * What the panel says about a load failure. A module built for a newer platform than this page
 * runs (the federation runtime refuses its strict @pnss/web range) says so, instead of looking
 * like a network error.
 */
export function loadFailureDetail(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const mismatch = /Version (\S+) .*shared singleton module (@pnss\/web) does not satisfy .* needs (\S+?)\)?$/m.exec(message);
  if (mismatch) {
    const [, provided, , required] = mismatch;
    return `This module needs a newer version of PNSS (${'@pnss/web'} ${required}) than this page runs (${provided}). Reload the page to get the newest version; if this keeps happening, contact Technical Support.`;
  }
  return DEFAULT_DETAIL;
}

/** Lifecycles that draw a module's error panel in its area instead of the module. */
export function errorPanelLifecycles({ label, onRetry, detail = DEFAULT_DETAIL }: PanelOptions): ModuleLifecycles {
  let root: Root | null = null;
  return {
    bootstrap: async () => undefined,
    mount: async ({ domElement, store }) => {
      root = createRoot(domElement);
      root.render(
        <PlatformProviders store={store}>
          <ErrorPanel
            title={`${label} could not be loaded.`}
            detail={detail}
            onRetry={onRetry}
          />
        </PlatformProviders>,
      );
    },
    unmount: async () => {
      root?.unmount();
      root = null;
    },
  };
}

/**
 * Wraps a module's own lifecycles so that one which throws shows the error panel in its area
 * instead of breaking single-spa's routing for everyone.
 */
export function guardedLifecycles(inner: ModuleLifecycles, panel: PanelOptions): ModuleLifecycles {
  let failed: ModuleLifecycles | null = null;
  const fail = (stage: string, error: unknown) => {
    console.error(`${panel.label}: ${stage} failed`, error);
    failed = errorPanelLifecycles(panel);
    return failed;
  };
  return {
    bootstrap: async (props) => {
      try {
        await inner.bootstrap(props);
      } catch (error) {
        fail('start-up', error);
      }
    },
    mount: async (props) => {
      if (failed) return failed.mount(props);
      try {
        await inner.mount(props);
      } catch (error) {
        props.domElement.replaceChildren();
        await fail('mount', error).mount(props);
      }
    },
    unmount: async (props) => {
      if (failed) return failed.unmount(props);
      try {
        await inner.unmount(props);
      } catch (error) {
        console.error(`${panel.label}: unmount failed`, error);
        props.domElement.replaceChildren();
      }
    },
  };
}
