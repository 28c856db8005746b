// Whether the sources that cover a point answered: per section of the reaction answer, so every client can tell
// "nothing is reported" from "it could not be checked" (issue 38). Read from the coverage answer (server/lib/coverage.ts).
import { nearestCity } from '../../src/lib/cities.ts'
import type { CoverageAnswer, CoverageSection, CoverageSource } from './coverage.ts'
import { COVERAGE_SECTIONS } from './coverage.ts'

/**
 * ok: every running source that covers the place answered on time. partial: some did not. down: none did (failing,
 * stale past its threshold, or not run yet). none: no running source covers it (only staff items can be there).
 */
export type HealthStatus = 'ok' | 'partial' | 'down' | 'none'

/** One publisher's sources that did not answer (Caltrans' 12 districts are one line). */
export type MissingSource = {
  name: string
  /** Its running sources that cover the place, and how many of them failed, went stale, or have not run yet. */
  sources: number
  failing: number
  stale: number
  waiting: number
  /** The newest last success among those that did not answer: what is shown is at most this old. */
  lastSuccessAt: string | null
}

export type SectionHealth = { status: HealthStatus; missing: MissingSource[] }

/**
 * The section's health at a place: the nationwide sources and the state's own, as the coverage page lists them; none
 * where the point is in no state.
 * @example sectionHealth(answer, 'wa', 'statuses').status // 'down' when NWS and IPAWS both fail
 */
export function sectionHealth(answer: CoverageAnswer, state: string | null, section: CoverageSection): SectionHealth {
  // A point with no state (over 50 km from every US place: abroad, at sea) is covered by no source it could name.
  if (!state) return { status: 'none', missing: [] }
  const own = answer.states.find((entry) => entry.code === state)?.sections[section] ?? []
  const ids = new Set([...answer.national[section], ...own])
  const running = answer.sources.filter((source) => ids.has(source.id) && source.status !== 'off')
  if (!running.length) return { status: 'none', missing: [] }
  const missed = running.filter((source) => source.status !== 'ok')
  if (!missed.length) return { status: 'ok', missing: [] }
  const byPublisher = new Map<string, CoverageSource[]>()
  for (const source of running) {
    const name = source.publisher.name || source.name
    byPublisher.set(name, [...(byPublisher.get(name) ?? []), source])
  }
  const missing: MissingSource[] = []
  for (const [name, sources] of byPublisher) {
    const not = sources.filter((source) => source.status !== 'ok')
    if (!not.length) continue
    const count = (status: CoverageSource['status']) => not.filter((source) => source.status === status).length
    const successes = not.map((source) => source.lastSuccessAt).filter((at): at is string => at !== null)
    missing.push({
      name,
      sources: sources.length,
      failing: count('failing'),
      stale: count('stale'),
      waiting: count('waiting'),
      lastSuccessAt: successes.length ? successes.sort().at(-1)! : null,
    })
  }
  missing.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))
  return { status: missed.length === running.length ? 'down' : 'partial', missing }
}

const made = new WeakMap<CoverageAnswer, Map<string, Record<CoverageSection, string>>>()

/** Each section's health as the JSON the reaction answer carries beside its messages, made once per answer and state. */
export function healthJson(answer: CoverageAnswer, state: string | null): Record<CoverageSection, string> {
  let byState = made.get(answer)
  if (!byState) {
    byState = new Map<string, Record<CoverageSection, string>>()
    made.set(answer, byState)
  }
  const known = byState.get(state ?? '')
  if (known) return known
  const out = {} as Record<CoverageSection, string>
  for (const section of COVERAGE_SECTIONS) out[section] = JSON.stringify(sectionHealth(answer, state, section))
  byState.set(state ?? '', out)
  return out
}

type Placed = { lat: number; lon: number; state: string }

/**
 * The state a point is in, for the sources that cover it: the route's ('wa/duvall'), else the nearest place's within
 * 50 km, else null (then only the nationwide sources count). Kept per 0.1° cell, as a place does not move.
 */
export function pointState(
  places: Placed[],
  lat: number,
  lon: number,
  route: string | undefined,
  cache: Map<string, string | null>,
): string | null {
  const fromRoute = /^([a-z]{2})\//i.exec(route ?? '')?.[1]
  if (fromRoute) return fromRoute.toLowerCase()
  const key = `${lat.toFixed(1)},${lon.toFixed(1)}`
  const known = cache.get(key)
  if (known !== undefined) return known
  const state = nearestCity(places, lat, lon)?.state.toLowerCase() ?? null
  if (cache.size >= 20_000) cache.clear()
  cache.set(key, state)
  return state
}
