import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DatabaseService } from './database.service.js';

/**
 * Import this in a feature module to inject `DatabaseService` (`.db`, `.transaction()`).
 * The schema is migrated before the first provider that depends on it is created.
 */
@Module({
  providers: [
    {
      provide: DatabaseService,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig) => {
        const database = await DatabaseService.connect(config.database);
        try {
          await database.migrate();
        } catch (error) {
          await database.close();
          throw error;
        }
        return database;
      },
    },
  ],
  exports: [DatabaseService],
})
export class DatabaseModule {}
