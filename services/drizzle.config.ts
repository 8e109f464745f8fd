import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate -w services` writes a new SQL migration here after a schema change. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/database/schema.ts',
  out: './drizzle',
});
