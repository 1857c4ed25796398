import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The widgets are served by the storefront server under /widgets/. The server reads
// dist/.vite/manifest.json to emit the loader's hashed URL; everything else (React, each
// widget, their CSS) is loaded on demand by the loader through dynamic imports.
export default defineConfig({
  base: '/widgets/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    cssCodeSplit: true,
    target: 'es2022',
    // The loader is a plain module script; no polyfill for <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { loader: 'src/loader.ts' },
      output: {
        codeSplitting: {
          groups: [
            // React is shared by every widget and loaded with the first one only.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    // Allow importing the repo's locales/ (English strings are bundled as the fallback).
    fs: { allow: ['..'] },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
