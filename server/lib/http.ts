// Shared answers: the error body, the validation hook and the client address.
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import type { ZodError } from 'zod'
import type { AppEnv } from '../env.ts'

/** Every failure answers { error: message }. */
export type ErrorBody = { error: string }

/** Describes schema failures in one line: 'Invalid request: body.title: expected string'. */
export function describeIssues(error: ZodError, target: string): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const path = [target, ...issue.path.map(String)].join('.')
    const keys = issue.code === 'unrecognized_keys' ? ` (${issue.keys.join(', ')})` : ''
    return `${path}: ${issue.message}${keys}`
  })
  return `Invalid request: ${parts.join('; ')}`
}

/** The caller's address: the socket's, or X-Forwarded-For's first hop behind a trusted proxy. */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.deps.config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'local'
  }
}
