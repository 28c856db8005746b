// Graceful shutdown: finish the requests in flight, answer 503 to new ones, and say (by exit code) whether any had to be cut.
import type { Server } from 'node:http'
import { errorBody } from '../../src/lib/errors.ts'

export const DEFAULT_GRACE_SECONDS = 10
const MAX_GRACE_SECONDS = 600

/**
 * SHUTDOWN_GRACE_SECONDS: how long a stopping server lets open requests finish (0 to 600, default 10).
 * @example graceSeconds({ SHUTDOWN_GRACE_SECONDS: '30' }) // 30
 */
export function graceSeconds(env: Record<string, string | undefined>): number {
  const text = env['SHUTDOWN_GRACE_SECONDS']
  if (text === undefined || text === '') return DEFAULT_GRACE_SECONDS
  const seconds = Number(text)
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > MAX_GRACE_SECONDS)
    throw new Error(`Bad SHUTDOWN_GRACE_SECONDS: ${text} (0 to ${MAX_GRACE_SECONDS})`)
  return seconds
}

const refusal = (): Response =>
  new Response(JSON.stringify(errorBody('shutting_down')), {
    status: 503,
    // Close the connection so the client (or the load balancer) opens a new one to a live server.
    headers: { 'content-type': 'application/json', connection: 'close', 'retry-after': '5' },
  })

/**
 * Wraps the app's fetch so that, once draining, new requests get 503 with Connection: close, and counts
 * the requests in flight on the server. drain() resolves with how many requests had to be cut.
 * @example const drain = createDrain(app.fetch); const server = serve({ fetch: drain.fetch }); drain.watch(server)
 */
export function createDrain<A extends unknown[]>(fetch: (request: Request, ...rest: A) => Response | Promise<Response>) {
  let draining = false
  let active = 0
  let idle: (() => void) | null = null
  return {
    fetch: (request: Request, ...rest: A): Response | Promise<Response> => (draining ? refusal() : fetch(request, ...rest)),
    watch(server: Server): void {
      server.on('request', (_request, response) => {
        if (draining) return
        active++
        response.once('close', () => {
          active--
          if (active === 0) idle?.()
        })
      })
    },
    get active(): number {
      return active
    },
    /** Stops taking work, waits up to `graceMs` for open requests, then cuts the rest; closes the server. */
    drain(server: Server, graceMs: number): Promise<{ cut: number }> {
      draining = true
      // Keep-alive connections with no request open would hold server.close() up: end them now.
      server.closeIdleConnections()
      return new Promise((resolve) => {
        const done = (cut: number): void => {
          clearTimeout(timer)
          idle = null
          server.close()
          server.closeAllConnections()
          resolve({ cut })
        }
        const timer = setTimeout(() => done(active), graceMs)
        idle = () => done(0)
        if (active === 0) done(0)
      })
    },
  }
}
