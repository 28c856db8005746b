// @ts-check
import react from '@astrojs/react'
import sitemap from '@astrojs/sitemap'
import { defineConfig } from 'astro/config'
import { loadEnv } from 'vite'
import { dictionaryParts } from './src/i18n/parts-plugin.ts'
import { buildCacheIntegration } from './src/integrations/build-cache.ts'
import { chunkGroup } from './src/integrations/chunks.ts'
import { devNotFoundIntegration } from './src/integrations/dev-not-found.ts'
import { hostRulesIntegration } from './src/integrations/host-rules.ts'
import { SHELL_CITY } from './src/lib/routing/page-fill.ts'
import { DEFAULT_LOCALE, LOCALES } from './src/lib/routing/routes.ts'
import { nearIndexIntegration } from './src/integrations/near-index.ts'

const site = process.env.SITE_URL ?? 'http://localhost:4321'
/** Telemetry's connection string as the build sees it (.env, then the environment); empty when not configured. */
const telemetry =
  process.env.PUBLIC_APPINSIGHTS_CONNECTION_STRING ??
  loadEnv('production', process.cwd(), 'PUBLIC_').PUBLIC_APPINSIGHTS_CONNECTION_STRING ??
  ''
/** Pages that are not content: shells, redirects, staff and error pages stay out of the sitemap. */
const prefixes = LOCALES.filter((l) => l !== DEFAULT_LOCALE).join('|')
const notInSitemap = new RegExp(
  `^(\\/(${prefixes}))?(\\/(z\\/shell\\/|settings|editor|login|reset|auth\\/|404|page$|offline|embed|widget)|\\/?$)`,
)

export default defineConfig({
  site,
  output: 'static',
  outDir: process.env.BUILD_OUT_DIR ?? './dist',
  trailingSlash: 'never',
  // Several pages at once so rendering overlaps file writes (a CPU profile showed a third of the time idle on I/O).
  build: { format: 'file', inlineStylesheets: 'never', concurrency: 8 },
  i18n: {
    locales: [...LOCALES],
    defaultLocale: DEFAULT_LOCALE,
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  integrations: [
    react(),
    sitemap({
      filenameBase: process.env.SITEMAP_BASE ?? 'sitemap',
      filter: (page) => !notInSitemap.test(new URL(page).pathname) && !page.includes(SHELL_CITY.route),
    }),
    hostRulesIntegration(),
    devNotFoundIntegration(),
    buildCacheIntegration(),
    nearIndexIntegration(),
  ],
  devToolbar: { enabled: false },
  // BUILD_SOURCEMAP=1 writes source maps for a bundle analysis (scripts/bundle-report.ts); never in a release.
  vite: {
    build: { sourcemap: process.env.BUILD_SOURCEMAP === '1' },
    plugins: [dictionaryParts()],
    // `npm start` watches the sources only: builds (dist/ holds 749,280 pages, .build/ the test and bench
    // builds) and the database would exhaust the system's file watchers (ENOSPC) and stall the dev server.
    server: {
      watch: { ignored: ['**/dist/**', '**/.build/**', '**/.data/**', '**/test-results/**', '**/playwright-report/**'] },
    },
    // A constant, so that without telemetry the minifier drops its loader from every page (src/scripts/layout.ts).
    define: { 'import.meta.env.PUBLIC_APPINSIGHTS_CONNECTION_STRING': JSON.stringify(telemetry.trim()) },
    // The browser's files: fewer, larger shared chunks (the layout script's imports, the live data, React), src/integrations/chunks.ts.
    environments: {
      client: { build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: chunkGroup() }] } } } } },
    },
  },
})
