// This module runs inside the shell, which loads ./app through remoteEntry.js. Loading the
// lifecycles here too makes main.js fail fast on a broken build.
export { bootstrap, mount, unmount } from './app.js';
