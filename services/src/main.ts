import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { createApp } from './bootstrap/create-app.js';
import { type AppConfig, ConfigError, loadConfig } from './config/app-config.js';

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const logger = new Logger('PNSS');
  const { app, administrator, missingWebFolders } = await createApp(config);
  // SIGINT and SIGTERM close the app, which closes PGlite cleanly so its files stay consistent.
  app.enableShutdownHooks();
  if (missingWebFolders.length > 0) {
    logger.warn(`Serving the API only for missing web builds: ${missingWebFolders.join(', ')} (run npm run build)`);
  }
  await app.listen({ port: config.port, host: config.host });

  const { port } = app.getHttpServer().address() as AddressInfo;
  console.info(`PNSS is running at http://localhost:${port} (Node.js ${process.version})`);
  console.info(`Administrator user name: ${administrator.username}`);
  if (administrator.generatedPassword) {
    // Shown once, at the first start only; it is stored nowhere but as a bcrypt hash.
    console.info(`Administrator password (generated, shown only now): ${administrator.generatedPassword}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
