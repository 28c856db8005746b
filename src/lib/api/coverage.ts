// GET /api/coverage with the browser's own fetch, as the reaction call does (reaction.ts): the empty live sections and
// the coverage page ask it, and neither needs ky.
import { apiBase } from '../public-env.ts'
import type { Coverage } from './types.ts'

export type { Coverage, CoverageSource } from './types.ts'

/**
 * The coverage answer, for one state (a two-letter code) or every state; throws on any failure.
 * @example await getCoverage('wa')
 */
export async function getCoverage(state: string | null, run: typeof fetch = fetch): Promise<Coverage> {
  const query = state ? `?state=${encodeURIComponent(state)}` : ''
  const response = await run(`${apiBase().replace(/\/$/, '')}/api/coverage${query}`, { signal: AbortSignal.timeout(30_000) })
  if (!response.ok) throw new Error(`coverage: HTTP ${response.status}`)
  return (await response.json()) as Coverage
}
