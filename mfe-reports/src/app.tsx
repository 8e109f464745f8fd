import { createModuleLifecycles } from '@pnss/web';
import { ReportsRoot } from './root.js';

/** The single-spa lifecycles the shell mounts on #/reports. */
export const { bootstrap, mount, unmount } = createModuleLifecycles({ Root: ReportsRoot, title: 'Reports stopped working.' });
