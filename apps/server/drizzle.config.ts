import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/server` writes a new migration after a schema change; migrations are checked in.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './src/db/migrations',
});
