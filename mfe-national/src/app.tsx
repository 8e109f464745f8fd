import { createModuleLifecycles } from '@pnss/web';
import { NationalRoot } from './root.js';

/** The single-spa lifecycles the shell mounts on #/national. */
export const { bootstrap, mount, unmount } = createModuleLifecycles({ Root: NationalRoot, title: 'National figures stopped working.' });
