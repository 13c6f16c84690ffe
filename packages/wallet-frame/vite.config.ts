import { defineConfig } from 'vite'

// The wallet frame page, served by apps/server on the frame origin: the page at /frame, its
// assets under /frame/assets/. Everything must load under the frame's strict CSP (no inline code).
export default defineConfig({
  root: import.meta.dirname,
  base: '/frame/',
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // One small entry: no chunks to preload, so the polyfill would be dead weight.
    modulePreload: { polyfill: false },
    // data: URLs would be allowed for images only; keep every asset a file.
    assetsInlineLimit: 0,
    reportCompressedSize: true,
  },
})
