// The reaction call (SPEC section 7) with the browser's own fetch: every place page makes it at idle
// for the banner, the badges and the live lists, and ky (8 KB gzip) then stays off those pages until
// a staff or account call needs the full client (porchlight.ts). The request comes from the route table
// (routes.ts) and the answer is checked by its check (live-answers.ts, pinned to the server's type in
// answers.ts), as the client's calls are; the check
// loads beside the request, so it stays out of the JavaScript a page loads before interaction.
import type { Reaction } from '../items.ts'
import { apiBase } from '../public-env.ts'
import { errorMessage, problemsOfBody, type ErrorCode, type Problem } from '../errors.ts'
import { ROUTES, urlOf } from './routes.ts'
import type { ReactionQuery } from './types.ts'

export type { ReactionQuery }

/** What the call needs of the session: the token now, and a renewal for a refused one. */
export type ReactionSession = {
  token: () => string | null
  onUnauthorized?: () => Promise<boolean>
  base?: string
  fetch?: typeof fetch
  timeoutMs?: number
}

/** A failed reaction call: HTTP status (0 for network failures and timeouts), the text and its codes (as ApiError's). */
export class ReactionError extends Error {
  readonly status: number
  /** What failed, by the codes of src/lib/errors.ts: the server's or the client's own; null for an answer without a known code. */
  readonly problems: Problem[] | null
  constructor(status: number, message: string, problems: Problem[] | null = null) {
    super(message)
    this.status = status
    this.problems = problems
  }
}

/** A failure the client names itself: its English text and its code. */
const own = (status: number, code: ErrorCode): ReactionError => new ReactionError(status, errorMessage(code), [{ code }])

/** The request URL: the point rounded to 2 decimals, the route and test layer when set, a timestamp. */
export function reactionUrl(base: string, query: ReactionQuery, now = Date.now()): string {
  return urlOf(base, ROUTES.reaction(query, now))
}

/**
 * The answer when it is the reaction's shape (live-answers.ts, loaded with the first call), else null.
 * @example await checkedReaction(await response.json())
 */
export async function checkedReaction(body: unknown): Promise<Reaction | null> {
  const { reaction } = await import('./live-answers.ts')
  return reaction(body) ? body : null
}

/**
 * GETs the live sections for a point. A 401 to a call that carried a token renews the session once
 * through `onUnauthorized` and tries again; errors carry the server's `{ error }` text and codes, else
 * the SPEC's wording (section 8) and its code: `load_data`, `network`, `timeout` or `bad_response`.
 * @example await getReaction({ lat: 47.74, lon: -121.99, route: 'wa/duvall' }, { token: () => null })
 */
export async function getReaction(query: ReactionQuery, session: ReactionSession): Promise<Reaction> {
  const sent = session.token()
  try {
    return await request(query, session, sent)
  } catch (error) {
    const refused = error instanceof ReactionError && error.status === 401
    if (!refused || !sent || !session.onUnauthorized || !(await session.onUnauthorized())) throw error
    return request(query, session, session.token())
  }
}

async function request(query: ReactionQuery, session: ReactionSession, token: string | null): Promise<Reaction> {
  const run = session.fetch ?? fetch
  // The answer's check loads while the request is on its way.
  const checks = import('./live-answers.ts')
  checks.catch(() => undefined) // a failed load is the call's failure, when it is awaited
  let response: Response
  try {
    response = await run(reactionUrl(session.base ?? apiBase(), query), {
      credentials: 'include',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(session.timeoutMs ?? 30_000),
    })
  } catch (error) {
    // Timed out; else offline, refused or blocked.
    throw own(0, error instanceof DOMException && error.name === 'TimeoutError' ? 'timeout' : 'network')
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const refused = typeof body === 'object' && body && 'error' in body && typeof body.error === 'string' && body.error
    throw refused ? new ReactionError(response.status, refused, problemsOfBody(body)) : own(response.status, 'load_data')
  }
  if (body === undefined || !(await checks).reaction(body)) throw own(0, 'bad_response')
  return body
}
