import { createModuleLifecycles } from '@pnss/web';
import { CasesRoot } from './root.js';

/** The single-spa lifecycles the shell mounts on #/patients, #/cases and the patient overlays. */
export const { bootstrap, mount, unmount } = createModuleLifecycles({ Root: CasesRoot, title: 'Patients and Cases stopped working.' });
