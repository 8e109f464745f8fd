import { createModuleLifecycles } from '@pnss/web';
import { AdminRoot } from './root.js';

/** The single-spa lifecycles the shell mounts on #/admin. */
export const { bootstrap, mount, unmount } = createModuleLifecycles({ Root: AdminRoot, title: 'Admin stopped working.' });
