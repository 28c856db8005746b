// Serves dist/ on http://localhost:4321 the way a static host does: with the routing of the Worker and the
// CloudFront Function (src/lib/edge/router.ts: redirects, files, rewrites, lower-casing, the nearest 404
// page) and the security headers of dist/_headers (src/lib/security-headers.ts), HSTS left out over http.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { resolve, sep } from 'node:path'
import { runInNewContext } from 'node:vm'
import compression from 'compression'
import sirv from 'sirv'
import { routerSource } from '../src/lib/edge/router.ts'
import { parseRedirects } from '../src/lib/routing/host-rules.ts'
import { HSTS_HEADER, headersForPath, parseHeadersFile } from '../src/lib/security-headers.ts'

const root = resolve(process.env['SERVE_DIR'] ?? 'dist')
const port = Number(process.env['PORT'] ?? 4321)
if (!existsSync(resolve(root, '_redirects'))) {
  console.error(`serve: ${root}/_redirects not found; run "npm run build" first`)
  process.exit(1)
}
// SERVE_RULES=none serves like a host without redirect support (GitHub Pages, S3), for the tests: files
// and 404 pages only; the 404 page's resolver does the rest in the browser.
const noRules = process.env['SERVE_RULES'] === 'none'
const rules = noRules ? [] : parseRedirects(readFileSync(resolve(root, '_redirects'), 'utf8'))
const headersFile = resolve(root, '_headers')
const headerBlocks = existsSync(headersFile) ? parseHeadersFile(readFileSync(headersFile, 'utf8')) : []

type Route = { status: number; location?: string; files: string[]; rewrite: string[]; lower: string | null; notFound: string[] }
/** The edge router itself (ES5 source), so `npm run serve` answers every path as the Worker does. */
const route = runInNewContext(`${routerSource(rules)}\nroute`) as (rawPath: string) => Route

const files = sirv(root, {
  extensions: [],
  // Only keys the router allows reach sirv: /.well-known/ is served, other dot-folders never get here.
  dotfiles: true,
  etag: true,
  setHeaders: (res, path) => {
    if (path.startsWith('/_astro/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable')
  },
})

/** Whether a key (a decoded path without its leading slash) is a file under root. */
function isFile(key: string): boolean {
  const path = resolve(root, key)
  if (!path.startsWith(root + sep)) return false
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/** Serves one file of dist/ with a given status, as a host's rewrite or 404 page does. */
function sendFile(req: IncomingMessage, res: ServerResponse, key: string, status: number): void {
  const original = res.writeHead.bind(res)
  if (status !== 200) res.writeHead = (_code: number, ...rest: never[]) => original(status, ...rest)
  req.url = `/${key.split('/').map(encodeURIComponent).join('/')}`
  files(req, res, () => void original(404, { 'content-type': 'text/plain' }).end('Not found'))
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

function handle(req: IncomingMessage, res: ServerResponse): void {
  // The request target is always read as a path on this host: `//evil.com/x` is the path //evil.com/x, not a host.
  const target = req.url ?? '/'
  const url = new URL(`http://localhost${target.startsWith('/') ? target : '/'}`)
  // Plain http: HSTS would be ignored by browsers anyway, and is only for the TLS hosts.
  for (const [name, value] of Object.entries(headersForPath(headerBlocks, url.pathname)))
    if (name !== HSTS_HEADER) res.setHeader(name, value)
  const r = route(url.pathname)
  // The router only returns Locations on this origin (`/x`, never `//x` or `/\x`).
  if (r.location && (!noRules || r.status === 301))
    return void res.writeHead(r.status, { location: r.location + url.search }).end()
  const file = [...r.files, ...r.rewrite].find(isFile)
  if (file) return sendFile(req, res, file, 200)
  if (r.lower && !noRules) return void res.writeHead(301, { location: r.lower + url.search }).end()
  const notFound = r.notFound.find(isFile)
  if (notFound) return sendFile(req, res, notFound, 404)
  res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
}
server.listen(port, () => console.log(`Porchlight site: http://localhost:${port} (serving ${root})`))
