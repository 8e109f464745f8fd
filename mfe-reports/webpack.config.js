import { createRemoteConfig } from '@pnss/build';

export default (_env, argv = {}) =>
  createRemoteConfig({ name: 'mfe_reports', dir: import.meta.dirname, exposes: { './app': './src/app.tsx' }, mode: argv.mode });
