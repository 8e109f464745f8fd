import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  CloudDownloadOutlined,
  CustomerServiceOutlined,
  FolderOpenOutlined,
  InboxOutlined,
  LogoutOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useAccess } from '@pnss/web';
import { activeNavKey, type RouteRegistry } from '../routing/route-registry.js';
import { NavBadge } from './nav-badge.js';
import type { VersionStatus } from '../version/use-version-status.js';

/** Icons of the navigation items remotes.json names; a module added later shows the generic one. */
const ICONS: Record<string, ReactNode> = {
  patients: <TeamOutlined />,
  cases: <FolderOpenOutlined />,
  submissions: <AuditOutlined />,
  reports: <BarChartOutlined />,
  'census-questions': <QuestionCircleOutlined />,
  'technical-support': <CustomerServiceOutlined />,
  admin: <SettingOutlined />,
  worklists: <InboxOutlined />,
};

/** Icons repeat the label, so screen readers skip them. */
function NavIcon({ children }: { children: ReactNode }) {
  return <span aria-hidden="true">{children}</span>;
}

interface SideNavProps {
  registry: RouteRegistry;
  hash: string;
  version: VersionStatus;
  /** Opens the sign-out question. */
  onSignOut: () => void;
  /** Called after an entry is chosen (the mobile drawer closes). */
  onNavigate?: () => void;
}

/** The side navigation; entries the user has no permission for are not shown. */
export function SideNav({ registry, hash, version, onSignOut, onNavigate }: SideNavProps) {
  const access = useAccess();
  const current = activeNavKey(registry, hash);

  const confirmSignOut = () => {
    onNavigate?.();
    onSignOut();
  };

  return (
    <nav className="pnss-nav" aria-label="Main">
      <ul>
        {registry.nav
          .filter((entry) => entry.visible(access))
          .map((entry) => (
            <li key={entry.key}>
              <a
                href={entry.href}
                className={entry.key === current ? 'pnss-nav-item pnss-nav-item-active' : 'pnss-nav-item'}
                aria-current={entry.key === current ? 'page' : undefined}
                onClick={onNavigate}
              >
                <NavIcon>{ICONS[entry.key] ?? <AppstoreOutlined />}</NavIcon>
                <span>{entry.label}</span>
                {entry.badge ? <NavBadge badge={entry.badge} hash={hash} /> : null}
              </a>
            </li>
          ))}
        {version.updateAvailable ? (
          <li>
            {version.updateUrl ? (
              <a className="pnss-nav-item pnss-nav-update" href={version.updateUrl} target="_blank" rel="noopener noreferrer">
                <NavIcon>
                  <CloudDownloadOutlined />
                </NavIcon>
                <span>Update Available</span>
              </a>
            ) : (
              <span className="pnss-nav-item pnss-nav-update">
                <NavIcon>
                  <CloudDownloadOutlined />
                </NavIcon>
                <span>Update Available</span>
              </span>
            )}
          </li>
        ) : null}
        <li>
          <button type="button" className="pnss-nav-item" onClick={confirmSignOut}>
            <NavIcon>
              <LogoutOutlined />
            </NavIcon>
            <span>Sign out</span>
          </button>
        </li>
      </ul>
      {version.currVersion ? <p className="pnss-version">Version {version.currVersion}</p> : null}
    </nav>
  );
}
