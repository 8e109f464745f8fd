import { createModuleLifecycles } from '@pnss/web';
import { SubmissionsRoot } from './root.js';

/** The single-spa lifecycles the shell mounts on #/submissions. */
export const { bootstrap, mount, unmount } = createModuleLifecycles({ Root: SubmissionsRoot, title: 'Submissions stopped working.' });
