import { defineConfig } from 'vitest/config';

export default defineConfig({
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: { outDir: 'dist', target: 'es2022' },
  test: {
    include: ['test/node/**/*.test.ts'],
    environment: 'node',
  },
});
