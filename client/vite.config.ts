/// <reference types="node" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const clientDir = fileURLToPath(new URL('.', import.meta.url));
const apiServer = 'http://localhost:3000';

export default defineConfig({
  root: clientDir,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/socket.io': { target: apiServer, ws: true },
    },
  },
});
