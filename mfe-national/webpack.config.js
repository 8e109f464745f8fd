import { createRemoteConfig } from '@pnss/build';

export default (_env, argv = {}) =>
  createRemoteConfig({ name: 'mfe_national', dir: import.meta.dirname, exposes: { './app': './src/app.tsx' }, mode: argv.mode });
