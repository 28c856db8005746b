import type { AstroIntegration } from 'astro'
import { buildPages, pageParam } from '../lib/routing/build-pages.ts'
import { devMissPage } from '../lib/routing/dev-miss.ts'

/**
 * `npm start`: a path with no page (a wrong city, an upper-case one the host rules did not redirect) gets
 * the site's own 404 page with status 404, as on the static hosts, instead of Astro's. Runs after the host
 * rules' middleware, so aliases and coordinate routes are resolved first.
 */
export function devNotFoundIntegration(): AstroIntegration {
  return {
    name: 'porchlight:dev-not-found',
    hooks: {
      'astro:server:setup': ({ server }) => {
        let known: Set<string> | null = null
        server.middlewares.use((req, res, next) => {
          if (req.method !== 'GET' && req.method !== 'HEAD') return next()
          known ??= new Set(buildPages().map((page) => `/${pageParam(page) ?? ''}`))
          const url = new URL(req.url ?? '/', 'http://localhost')
          const page = devMissPage(url.pathname, known)
          if (!page) return next()
          req.url = page
          const writeHead = res.writeHead.bind(res)
          res.writeHead = (_status: number, ...rest: []) => writeHead(404, ...rest)
          res.statusCode = 404
          next()
        })
      },
    },
  }
}
