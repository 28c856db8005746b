import type { AstroIntegration } from 'astro'
import { buildPages, pageParam } from '../lib/routing/build-pages.ts'
import { devMissPage, ownPagePaths } from '../lib/routing/dev-miss.ts'

/**
 * `npm start`: a path with no page (a wrong city, an upper-case one the host rules did not redirect) gets
 * the site's own 404 page with status 404, as on the static hosts, instead of Astro's. Runs after the host
 * rules' middleware, so aliases and coordinate routes are resolved first.
 */
const WIDGET_SCRIPT = '/embed/widget.js'
/** The service worker of `npm start`: Web Push alone (no precache: the build writes the whole worker). */
const DEV_WORKER = '/sw.js'

export function devNotFoundIntegration(): AstroIntegration {
  // The pages of their own files (/widget, /coverage, /offline, /embed/statuses, their localized copies): every
  // route without parameters Astro resolved, beside the build's page list.
  let ownPages: string[] = []
  return {
    name: 'porchlight:dev-not-found',
    hooks: {
      'astro:routes:resolved': ({ routes }) => {
        ownPages = ownPagePaths(routes)
      },
      'astro:server:setup': ({ server }) => {
        let known: Set<string> | null = null
        server.middlewares.use((req, res, next) => {
          if (req.method !== 'GET' && req.method !== 'HEAD') return next()
          // The widget's script is bundled after the build (scripts/lib/widget-script.ts): Vite serves its source here.
          if (req.url?.split('?')[0] === WIDGET_SCRIPT) {
            req.url = '/src/scripts/embed.ts'
            return next()
          }
          // The dev pages register it as a module worker (src/scripts/layout.ts), so notifications can be tried.
          if (req.url?.split('?')[0] === DEV_WORKER) {
            req.url = '/src/sw/push.ts'
            return next()
          }
          known ??= new Set([...buildPages().map((page) => `/${pageParam(page) ?? ''}`), ...ownPages])
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
