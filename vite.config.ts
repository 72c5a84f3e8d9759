import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': src } },
  server: { port: 5173 },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/utils/setup-dom.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'tests/sql/**/*.test.ts',
            'tests/integration/**/*.test.ts',
          ],
          globalSetup: ['tests/utils/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
