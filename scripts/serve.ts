// Serves dist/ on http://localhost:4321 the way a static host does: dist/_redirects redirects, files, rewrites, then the nearest 404.html.
import { existsSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { resolve } from 'node:path'
import compression from 'compression'
import sirv from 'sirv'
import { isSameOriginPath, matchRule, parseRedirects } from '../src/lib/routing/host-rules.ts'

const root = resolve(process.env['SERVE_DIR'] ?? 'dist')
const port = Number(process.env['PORT'] ?? 4321)
if (!existsSync(resolve(root, '_redirects'))) {
  console.error(`serve: ${root}/_redirects not found; run "npm run build" first`)
  process.exit(1)
}
// SERVE_RULES=none serves like a host without redirect support (GitHub Pages, S3), for the tests.
const rules = process.env['SERVE_RULES'] === 'none' ? [] : parseRedirects(readFileSync(resolve(root, '_redirects'), 'utf8'))
const files = sirv(root, {
  extensions: ['html'],
  dotfiles: false,
  etag: true,
  setHeaders: (res, path) => {
    if (path.startsWith('/_astro/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable')
  },
})

/** Serves one file of dist/ with a given status, as a host's rewrite or 404 page does. */
function sendFile(req: IncomingMessage, res: ServerResponse, path: string, status: number): void {
  const original = res.writeHead.bind(res)
  res.writeHead = (_code: number, ...rest: never[]) => original(status, ...rest)
  req.url = path
  files(req, res, () => void original(404, { 'content-type': 'text/plain' }).end('Not found'))
}

/** The nearest 404 page up the path, as Cloudflare Pages looks for it (/es/404.html for /es/…). */
function notFoundPage(pathname: string): string {
  const first = pathname.split('/')[1] ?? ''
  return first && existsSync(resolve(root, first, '404.html')) ? `/${first}/404` : '/404'
}

/** A malformed escape such as /%E0 must give a 404, not crash the server. */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

// Static hosts compress text on the fly; so does this server, so page and script sizes are real.
const compress = compression()

const server = createServer((req, res) =>
  compress(req as never, res as never, () => {
    // One bad request must never end the process: answer 400 and carry on.
    try {
      handle(req, res)
    } catch {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' })
      res.end('Bad request')
    }
  }),
)

/**
 * Sends a redirect to a path on this origin, or the 404 page when the target is not one. Every Location
 * passes isSameOriginPath, so `//evil.com`, `/\evil.com` and CR/LF never reach the header.
 */
function redirect(req: IncomingMessage, res: ServerResponse, status: number, path: string, search: string): void {
  if (!isSameOriginPath(path)) return sendFile(req, res, notFoundPage(path), 404)
  res.writeHead(status, { location: path + search }).end()
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  // The request target is always read as a path on this host: `//evil.com/x` is the path //evil.com/x, not a host.
  const target = req.url ?? '/'
  const url = new URL(`http://localhost${target.startsWith('/') ? target : '/'}`)
  if (url.pathname.length > 1 && url.pathname.endsWith('/')) {
    // `/.//evil.com/` normalises to `//evil.com/`: collapse leading slashes so the target stays here.
    const trimmed = `/${url.pathname.replace(/^\/+/, '').replace(/\/+$/, '')}`
    return redirect(req, res, 301, trimmed, url.search)
  }
  // Redirects come before files, as on Cloudflare Pages and Vercel (a unit test keeps rules off real pages).
  const hit = matchRule(rules, safeDecode(url.pathname))
  if (hit && hit.status !== 200) return redirect(req, res, hit.status, hit.to, url.search)
  files(req, res, () => {
    if (hit) sendFile(req, res, hit.to, hit.status)
    else sendFile(req, res, notFoundPage(url.pathname), 404)
  })
}
server.listen(port, () => console.log(`Porchlight site: http://localhost:${port} (serving ${root})`))
