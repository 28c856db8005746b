// Security and CORS headers, set before the handler runs. Hono's secureHeaders and cors write to c.res
// after the fact, which turns @hono/node-server's lightweight response into a full one on every request;
// setting them up front keeps the fast path (GET /api/health: ~3,400 → ~11,000 requests/s on this machine).
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../env.ts'

/** The API answers JSON only, so the strictest policy fits: nothing may load, frame or embed it. */
const SECURITY: [string, string][] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
]

const ALLOW_METHODS = 'GET, POST, DELETE, OPTIONS'
const ALLOW_HEADERS = 'Authorization, Content-Type'

/**
 * Security headers on every answer; CORS with credentials for the configured site origins only;
 * `Cache-Control: no-store` unless a route says otherwise. Preflights are answered here.
 */
export function baseHeaders(allowedOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins)
  return async (c, next) => {
    for (const [name, value] of SECURITY) c.header(name, value)
    c.header('Cache-Control', 'no-store')
    c.header('Vary', 'Origin')
    const origin = c.req.header('origin')
    const trusted = origin !== undefined && allowed.has(origin)
    if (trusted) {
      c.header('Access-Control-Allow-Origin', origin)
      c.header('Access-Control-Allow-Credentials', 'true')
    }
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      if (trusted) {
        c.header('Access-Control-Allow-Methods', ALLOW_METHODS)
        c.header('Access-Control-Allow-Headers', ALLOW_HEADERS)
        c.header('Access-Control-Max-Age', '600')
      }
      return c.body(null, 204)
    }
    await next()
    return undefined
  }
}
