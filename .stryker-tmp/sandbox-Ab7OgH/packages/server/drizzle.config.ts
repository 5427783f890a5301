// @ts-nocheck
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/server/src/db/schema/index.ts',
  out: './packages/server/src/db/migrations',
});
