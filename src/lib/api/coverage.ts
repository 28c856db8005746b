// GET /api/coverage with the browser's own fetch, as the reaction call does (reaction.ts): the empty live sections and
// the coverage page ask it, and neither needs ky. The request comes from the route table, the answer is checked
// (live-answers.ts, loaded beside the request: an empty live section asks it, so it stays out of the first load).
import { apiBase } from '../public-env.ts'
import { ROUTES, urlOf } from './routes.ts'
import type { Coverage } from './types.ts'

export type { Coverage, CoverageSource } from './types.ts'

/**
 * The coverage answer, for one state (a two-letter code) or every state; throws on any failure, an answer of
 * another shape too.
 * @example await getCoverage('wa')
 */
export async function getCoverage(state: string | null, run: typeof fetch = fetch): Promise<Coverage> {
  const checks = import('./live-answers.ts')
  checks.catch(() => undefined) // a failed load is the call's failure, when it is awaited
  const url = urlOf(apiBase(), ROUTES.coverage(state ? { state } : {}))
  const response = await run(url, { signal: AbortSignal.timeout(30_000) })
  if (!response.ok) throw new Error(`coverage: HTTP ${response.status}`)
  const body: unknown = await response.json()
  if (!(await checks).coverage(body)) throw new Error('coverage: not a coverage answer')
  return body
}
