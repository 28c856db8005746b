/** Reading the coverage answer (GET /api/coverage) for a place and a section: pure, shared by the page and the live lists. */
import type { Coverage, CoverageSource } from './api/types.ts'

export type CoverageSection = CoverageSource['section']
export type SourceStatus = CoverageSource['status']

/** The status words' keys in the dictionaries, an off source by why it is off. */
export type StatusKey =
  | 'coverage.ok'
  | 'coverage.waiting'
  | 'coverage.stale'
  | 'coverage.failing'
  | 'coverage.off'
  | 'coverage.offKey'
  | 'coverage.offInactive'
  | 'coverage.offUnsupported'

const OFF_KEYS: Record<NonNullable<CoverageSource['off']>, StatusKey> = {
  key: 'coverage.offKey',
  inactive: 'coverage.offInactive',
  unsupported: 'coverage.offUnsupported',
  disabled: 'coverage.off',
}

/**
 * What a source's health reads as.
 * @example statusKey({ status: 'off', off: 'key' }) // 'coverage.offKey'
 */
export function statusKey(source: Pick<CoverageSource, 'status' | 'off'>): StatusKey {
  if (source.status === 'off') return source.off ? OFF_KEYS[source.off] : 'coverage.off'
  return `coverage.${source.status}`
}

/**
 * The state of a page's place: from its route ('wa/duvall'), else from its name ('Duvall, WA'); null when neither says.
 * @example placeState({ route: null, name: 'Near Seattle, WA' }) // 'wa'
 */
export function placeState(point: { route: string | null; name: string | null } | null): string | null {
  const fromRoute = /^([a-z]{2})\//i.exec(point?.route ?? '')?.[1]
  const fromName = /,\s*([A-Z]{2})$/.exec(point?.name?.trim() ?? '')?.[1]
  return (fromRoute ?? fromName)?.toLowerCase() ?? null
}

const RANK: Record<SourceStatus, number> = { ok: 0, stale: 1, waiting: 2, failing: 3, off: 4 }

/**
 * The sources of one section in one state, nationwide ones included, running ones first.
 * @example sectionSources(answer, 'ca', 'roads').map((source) => source.id) // ['caltrans-lcs-d01', …]
 */
export function sectionSources(answer: Coverage, state: string, section: CoverageSection): CoverageSource[] {
  const own = answer.states.find((entry) => entry.code === state)?.sections[section] ?? []
  const ids = new Set([...answer.national[section], ...own])
  return answer.sources
    .filter((source) => ids.has(source.id))
    .sort((a, b) => RANK[a.status] - RANK[b.status] || a.name.localeCompare(b.name))
}

/** The state's own name as the answer gives it ('Washington'), else its code upper-cased. */
export function stateName(answer: Coverage, state: string): string {
  return answer.states.find((entry) => entry.code === state)?.name ?? state.toUpperCase()
}

/** A line of a source list: one source, or a publisher's several (Caltrans' 12 districts) with a count per health. */
export type SourceLine =
  | { kind: 'one'; source: CoverageSource }
  | { kind: 'group'; publisher: string; sources: CoverageSource[]; statuses: { key: StatusKey; count: number }[] }

/**
 * A source list with each publisher's several sources on one line, where its first one stood; a group's sources in
 * natural order ("District 2" before "District 10"), its health words by how many say each.
 * @example sourceLines(caltrans12)[0] // { kind: 'group', publisher: 'Caltrans', statuses: [{ key: 'coverage.failing', count: 12 }], … }
 */
export function sourceLines(sources: readonly CoverageSource[]): SourceLine[] {
  const byPublisher = new Map<string, CoverageSource[]>()
  for (const source of sources) {
    const name = source.publisher.name || source.name
    byPublisher.set(name, [...(byPublisher.get(name) ?? []), source])
  }
  return [...byPublisher].map(([publisher, list]): SourceLine => {
    if (list.length === 1) return { kind: 'one', source: list[0]! }
    const counts = new Map<StatusKey, number>()
    for (const source of list) counts.set(statusKey(source), (counts.get(statusKey(source)) ?? 0) + 1)
    return {
      kind: 'group',
      publisher,
      sources: [...list].sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true })),
      statuses: [...counts].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count),
    }
  })
}
