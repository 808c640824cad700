import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The server serves dist/web (with an index.html fallback); in development Vite serves web/ and
// forwards /api to the server on its default port.
export default defineConfig({
  root: here('.'),
  plugins: [react()],
  build: {
    outDir: here('../dist/web'),
    emptyOutDir: true,
    // The entry chunk holds React, Mantine and the sign-in screens; tabs are split off with React.lazy.
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
