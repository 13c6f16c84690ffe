import { defineConfig } from 'vite'

// The owner's dashboard page, served by apps/server at /dashboard and its assets under
// /dashboard/assets/. It runs under a strict CSP: no inline script or style, no eval.
export default defineConfig({
  root: import.meta.dirname,
  base: '/dashboard/',
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    // data: URLs would be allowed for images only; keep every asset a file.
    assetsInlineLimit: 0,
    reportCompressedSize: true,
  },
})
