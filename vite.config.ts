import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

const THEME = '#14532d';

/** The home-screen icon iOS reads (it ignores the manifest's icons); vite-plugin-pwa adds the manifest link. */
const appleTouchIcon = (): Plugin => ({
  name: 'scoreline-apple-touch-icon',
  transformIndexHtml: () => [
    { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' }, injectTo: 'head' },
  ],
});

// The web app lives in src/web; the server serves dist/web in production.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    // Installable app (decision 0110): the manifest, and a Workbox service worker built from
    // src/web/pwa/sw.ts with this build's files listed for precaching.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'pwa',
      filename: 'sw.ts',
      registerType: 'prompt',
      // Registered by src/web/pwa/register.ts, which also says when a new version is ready.
      injectRegister: false,
      manifest: {
        id: '/dashboard',
        name: 'Scoreline · Premier League score predictions',
        short_name: 'Scoreline',
        description:
          'Predict the exact score of every Premier League match, earn points and beat your friends in private leagues.',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME,
        background_color: '#f8fafc',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The shell and every hashed script and style (the plugin adds the manifest and its icons).
        // The landing page is left out:
        // it is re-rendered after this step (scripts/prerender-landing.tsx), and offline the app
        // shell answers / as it answers every other page.
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        globIgnores: ['landing.html', 'sw.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    appleTouchIcon(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rollupOptions: {
      // Two pages: the single-page app, and a light pre-rendered landing page for /.
      input: { main: 'src/web/index.html', landing: 'src/web/landing.html' },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/dev': 'http://127.0.0.1:3000' },
  },
});
