// @ts-nocheck
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('.'),
  plugins: [react()],
  resolve: {
    // The shared package ships TypeScript sources; point straight at them so Vite transpiles them
    // like our own files (the imports inside use explicit `.ts` extensions).
    alias: [
      { find: /^@console\/shared\/(.*)$/, replacement: here('../shared/src/$1.ts') },
      { find: /^@\//, replacement: here('src/') },
    ],
  },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
