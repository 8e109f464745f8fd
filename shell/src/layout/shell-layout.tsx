import { useState, type ReactNode } from 'react';
import { Button, Drawer, Typography } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { selectSessionUser, useAppSelector } from '@pnss/web';
import { APP_TITLE, type ShellConfig } from '../config/shell-config.js';
import type { RouteRegistry } from '../routing/route-registry.js';
import { useVersionStatus } from '../version/use-version-status.js';
import { UpdateDialog } from '../version/update-dialog.js';
import { SideNav } from './side-nav.js';
import { SocietyLogo } from './society-logo.js';
import { SignOutDialog } from '../session/sign-out-dialog.js';
import { ConnectionStatus } from '../offline/connection-status.js';
import { useOfflineSync } from '../offline/use-offline-sync.js';
import { MOBILE_QUERY, useMediaQuery } from './use-media-query.js';

interface ShellLayoutProps {
  registry: RouteRegistry;
  config: ShellConfig;
  hash: string;
  children: ReactNode;
}

/** Header, side navigation (a drawer on phones) and the content area the modules draw in. */
export function ShellLayout({ registry, config, hash, children }: ShellLayoutProps) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const version = useVersionStatus();
  const user = useAppSelector(selectSessionUser);
  const [signOutOpen, setSignOutOpen] = useState(false);
  const connection = useOfflineSync();
  const closeDrawer = () => setDrawerOpen(false);
  const askSignOut = () => setSignOutOpen(true);

  return (
    <div className="pnss-shell">
      <a className="pnss-skip-link" href="#pnss-content" onClick={(event) => {
        event.preventDefault();
        document.getElementById('pnss-content')?.focus();
      }}>
        Skip to content
      </a>
      <header className="pnss-header">
        {mobile ? (
          <Button
            type="text"
            className="pnss-menu-button"
            icon={<MenuOutlined />}
            aria-label="Open navigation"
            aria-expanded={drawerOpen}
            aria-controls="pnss-nav-drawer"
            onClick={() => setDrawerOpen(true)}
          />
        ) : null}
        <SocietyLogo href={config.societyUrl} societyName={config.societyName} size={mobile ? 32 : 40} />
        <Typography.Text strong className="pnss-header-title">
          {APP_TITLE}
        </Typography.Text>
        <ConnectionStatus state={connection} />
        {user && !mobile ? (
          <Typography.Text type="secondary" className="pnss-header-user">
            {user.firstname} {user.lastname}
          </Typography.Text>
        ) : null}
      </header>
      <div className="pnss-body">
        {mobile ? (
          <Drawer
            id="pnss-nav-drawer"
            open={drawerOpen}
            onClose={closeDrawer}
            placement="left"
            size={260}
            title="Menu"
            classNames={{ body: 'pnss-drawer-body' }}
          >
            <SideNav registry={registry} hash={hash} version={version} onSignOut={askSignOut} onNavigate={closeDrawer} />
          </Drawer>
        ) : (
          <aside className="pnss-sider">
            <SideNav registry={registry} hash={hash} version={version} onSignOut={askSignOut} />
          </aside>
        )}
        <main id="pnss-content" className="pnss-content" tabIndex={-1}>
          {children}
        </main>
      </div>
      <UpdateDialog status={version} />
      <SignOutDialog open={signOutOpen} waiting={connection.waiting} onClose={() => setSignOutOpen(false)} />
    </div>
  );
}
