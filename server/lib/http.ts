// Shared answers: the error body, the validation hook and the client address.
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import ipaddr from 'ipaddr.js'
import type { ZodError } from 'zod'
import { errorBody, type ErrorBody } from '../../src/lib/errors.ts'
import type { AppEnv } from '../env.ts'

/** Every failure answers { error: message, code } (src/lib/errors.ts). */
export type { ErrorBody }

/** Describes schema failures in one line: 'body.title: expected string'. */
function issuesDetail(error: ZodError, target: string): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const path = [target, ...issue.path.map(String)].join('.')
    const keys = issue.code === 'unrecognized_keys' ? ` (${issue.keys.join(', ')})` : ''
    return `${path}: ${issue.message}${keys}`
  })
  return parts.join('; ')
}

/** The 400 body of a schema failure: code invalid_request, the failures as its detail. */
export function invalidRequest(error: ZodError, target: string): ErrorBody {
  return errorBody('invalid_request', { detail: issuesDetail(error, target) })
}

/**
 * The entry `hops` places from the right of a comma-separated forwarded header (X-Forwarded-For or
 * -Proto): each trusted proxy appends what it saw, so entries further left were written by the client.
 * A shorter list gives its left-most entry (as Express's `trust proxy` count does).
 * @example forwardedHop('6.6.6.6, 203.0.113.7', 1) // '203.0.113.7'
 */
export function forwardedHop(header: string | undefined, hops: number): string | null {
  if (!header || hops < 1) return null
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return entries[Math.max(0, entries.length - hops)] ?? null
}

/** The caller's address: the socket's, or the one TRUST_PROXY hops from the right of X-Forwarded-For. */
export function clientIp(c: Context<AppEnv>): string {
  const forwarded = forwardedHop(c.req.header('x-forwarded-for'), c.var.deps.config.trustProxy)
  if (forwarded && ipaddr.isValid(forwarded)) return forwarded
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'local'
  }
}

/**
 * The client as rate limits count it: its address, or for IPv6 its /64, which one subscriber
 * usually holds whole (so rotating addresses inside it does not escape a limit).
 * @example clientSource(c) // '203.0.113.7' or '2001:db8:1:2::/64'
 */
export function clientSource(c: Context<AppEnv>): string {
  const ip = clientIp(c)
  if (!ipaddr.isValid(ip)) return ip
  const parsed = ipaddr.process(ip)
  if (parsed.kind() === 'ipv4') return parsed.toString()
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4)
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/64`
}
