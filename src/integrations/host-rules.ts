import { mkdirSync, writeFileSync } from 'node:fs'
import type { AstroIntegration } from 'astro'
import { toAzureJson, toNginxConf, toRedirectsFile, toVercelJson } from '../lib/routing/host-formats.ts'
import { hostRules, isSameOriginPath, matchRule } from '../lib/routing/host-rules.ts'
import { toCloudFrontFunction } from '../lib/edge/cloudfront.ts'
import { toWorker } from '../lib/edge/worker.ts'

/**
 * Writes the redirect and rewrite rules for real static hosts after a build, and applies the same
 * rules in `astro dev`, so every environment resolves aliases and coordinate routes alike.
 */
export function hostRulesIntegration(): AstroIntegration {
  const rules = hostRules()
  return {
    name: 'porchlight:host-rules',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req, res, next) => {
          const url = new URL(req.url ?? '/', 'http://localhost')
          // Leave Vite's own requests and files alone; /z/47.74/-121.99 is a route, not a file.
          if (url.pathname.startsWith('/@') || /\.[a-z][a-z0-9]*$/i.test(url.pathname)) return next()
          const hit = matchRule(rules, url.pathname)
          // Rules only match safe segments; the check keeps any future rule from sending visitors off-site.
          if (!hit || !isSameOriginPath(hit.to)) return next()
          if (hit.status === 200) req.url = hit.to + url.search
          else return void res.writeHead(hit.status, { location: hit.to + url.search }).end()
          next()
        })
      },
      'astro:build:done': ({ dir }) => {
        writeFileSync(new URL('_redirects', dir), toRedirectsFile(rules))
        writeFileSync(new URL('vercel.json', dir), toVercelJson(rules))
        writeFileSync(new URL('staticwebapp.config.json', dir), toAzureJson())
        writeFileSync(new URL('nginx.conf', dir), toNginxConf(rules))
        // The same rules at the edge, for `npm run deploy` to object storage (docs/deploying.md); not uploaded.
        mkdirSync(new URL('_edge/', dir), { recursive: true })
        writeFileSync(new URL('_edge/cloudfront-function.js', dir), toCloudFrontFunction(rules))
        writeFileSync(new URL('_edge/worker.js', dir), toWorker(rules))
      },
    },
  }
}
