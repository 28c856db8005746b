// @ts-check
import react from '@astrojs/react'
import sitemap from '@astrojs/sitemap'
import { defineConfig } from 'astro/config'
import { hostRulesIntegration } from './src/integrations/host-rules.ts'

const site = process.env.SITE_URL ?? 'http://localhost:4321'
/** Pages that are not content: shells, redirects, staff and error pages stay out of the sitemap. */
const notInSitemap = /^(\/(es|fr|de|ja|zh))?(\/(z\/shell\/|settings|editor|login|reset|auth\/|404|page$)|\/?$)/

export default defineConfig({
  site,
  output: 'static',
  outDir: process.env.BUILD_OUT_DIR ?? './dist',
  trailingSlash: 'never',
  // Several pages at once so rendering overlaps file writes (a CPU profile showed a third of the time idle on I/O).
  build: { format: 'file', inlineStylesheets: 'never', concurrency: 8 },
  i18n: {
    locales: ['en', 'es', 'fr', 'de', 'ja', 'zh'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  integrations: [
    react(),
    sitemap({
      filenameBase: process.env.SITEMAP_BASE ?? 'sitemap',
      filter: (page) => !notInSitemap.test(new URL(page).pathname),
    }),
    hostRulesIntegration(),
  ],
  devToolbar: { enabled: false },
})
