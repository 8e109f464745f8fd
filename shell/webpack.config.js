import { createHostConfig } from '@pnss/build';

export default (_env, argv = {}) =>
  createHostConfig({
    name: 'pnss_shell',
    dir: import.meta.dirname,
    template: './public/index.html',
    title: 'PNSS Nationwide Census',
    mode: argv.mode,
    publicDir: './public',
    serviceWorker: './sw/service-worker.ts',
  });
