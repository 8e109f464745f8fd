import { lazy, Suspense, useLayoutEffect } from 'react';
import { ErrorPanel, PlatformProviders, rememberReturnTo, selectSignedIn, ToastHost, useAppSelector, type AppStore } from '@pnss/web';
import type { ShellConfig } from './config/shell-config.js';
import { HOME_PATH, routeOwner, type RouteRegistry } from './routing/route-registry.js';
import { guardRedirect } from './routing/guard.js';
import { replaceHash, useHashLocation } from './routing/use-hash-location.js';
import { useSessionCheck } from './session/use-session-check.js';
import { LoginPage } from './pages/login/login-page.js';
import { CensusQuestionsPage, TechnicalSupportPage } from './pages/contact/contact-page.js';
import { WorkspaceGate } from './workspace/workspace-gate.js';
import { ModuleOutlet } from './federation/module-outlet.js';

// The signed-in layout (navigation, icons, version and sign-out) loads after the login page.
const ShellLayout = lazy(() => import('./layout/shell-layout.js').then(({ ShellLayout: Layout }) => ({ default: Layout })));

export interface ShellAppProps {
  store: AppStore;
  registry: RouteRegistry;
  config: ShellConfig;
  /** Why the module list could not be read, if it could not. */
  configError?: string | null;
}

function ShellRoutes({ registry, config, configError }: Omit<ShellAppProps, 'store'>) {
  const hash = useHashLocation();
  const signedIn = useAppSelector(selectSignedIn);
  const owner = routeOwner(registry, hash);
  const homeIsKnown = routeOwner(registry, `#${HOME_PATH}`).kind === 'remote';
  const redirect = guardRedirect(owner, signedIn, homeIsKnown);

  useLayoutEffect(() => {
    if (!redirect) return;
    if (redirect.rememberFrom) rememberReturnTo(hash);
    replaceHash(redirect.to);
  }, [redirect?.to, redirect?.rememberFrom, hash]);

  useSessionCheck(hash, signedIn && !redirect && owner.kind !== 'login');

  if (redirect) return null;
  if (owner.kind === 'login') return <LoginPage config={config} />;

  let content;
  if (owner.kind === 'shell') {
    content = owner.page === 'census-questions' ? <CensusQuestionsPage config={config} /> : <TechnicalSupportPage config={config} />;
  } else if (owner.kind === 'remote') {
    content = (
      <WorkspaceGate>
        <ModuleOutlet />
      </WorkspaceGate>
    );
  } else {
    content = (
      <ErrorPanel
        title="The list of PNSS modules could not be read."
        detail={configError ?? undefined}
        onRetry={() => window.location.reload()}
      />
    );
  }
  return (
    <Suspense fallback={null}>
      <ShellLayout registry={registry} config={config} hash={hash}>
        {content}
      </ShellLayout>
    </Suspense>
  );
}

/** The shell: guards, login, layout and navigation around the modules. */
export function ShellApp({ store, ...rest }: ShellAppProps) {
  return (
    <PlatformProviders store={store}>
      <ToastHost />
      <ShellRoutes {...rest} />
    </PlatformProviders>
  );
}
