import { defineConfig } from 'drizzle-kit';

// Used only by `npm run db:generate` to write the next numbered SQL migration.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/src/db/migrations',
});
