// What GET /api/coverage tells: per state and section, which sources cover it and how each is doing now. Made from
// the feed configuration, the registries' rows and the feeds' health rows, never from a hand-kept list.
import type { FeedRow } from '../db/schema.ts'
import type { Feed } from '../feeds/config.ts'
import { US_STATE_NAMES } from '../feeds/overpass/us-states.ts'

export const COVERAGE_SECTIONS = ['statuses', 'roads', 'cameras', 'local'] as const
export type CoverageSection = (typeof COVERAGE_SECTIONS)[number]
/** A source's health, as the editor's panel says it (src/lib/stores/feeds.ts feedStatus). */
export type SourceStatus = 'ok' | 'waiting' | 'stale' | 'failing' | 'off'
/** Why a listed source does not run: a key this site has not set, its publisher's own flag, a format not read, or this site's choice. */
export type OffReason = 'key' | 'inactive' | 'unsupported' | 'disabled'

export type CoverageSource = {
  id: string
  name: string
  section: CoverageSection
  /** Lower-case state codes; ['us'] for a nationwide source, [] when the configuration does not say where. */
  states: string[]
  status: SourceStatus
  off: OffReason | null
  publisher: { name: string; url: string | null }
  items: number
  lastSuccessAt: string | null
}

export type CoverageAnswer = {
  generatedAt: string
  sources: CoverageSource[]
  /** Sources that list other sources (the WZDx Feed Registry, the Mobility Database): how the list above is found. */
  registries: Omit<CoverageSource, 'states' | 'items'>[]
  /** Ids of the nationwide sources by section. */
  national: Record<CoverageSection, string[]>
  /** Every state with the ids of its own sources by section (the nationwide ones are in `national`). */
  states: { code: string; name: string; sections: Record<CoverageSection, string[]> }[]
  /** Ids of sources the configuration ties to no state. */
  unplaced: string[]
}

/** What a registry row says about its feed (server/feeds/adapters/wzdx-registry.ts RegistryRow, a catalogue's too). */
export type ListedRow = { state: string | null; active: boolean; unsupported: string | null }

/** The OpenStreetMap business fetcher's health (server/feeds/overpass/health.ts), a source of its own. */
export type BusinessSource = {
  id: string
  name: string
  enabled: boolean
  lastSuccessAt: string | null
  lastErrorAt: string | null
  itemCount: number
  attribution: { name: string; url: string | null }
}

export type CoverageInput = {
  /** The configured feeds and the feeds the registries list, as the engine runs them. */
  feeds: Feed[]
  listed: Map<string, ListedRow>
  rows: Map<string, FeedRow>
  counts: Map<string, number>
  businesses: BusinessSource | null
  env: Record<string, string | undefined>
  now: Date
}

/** Adapters whose data covers the whole country by nature. */
const NATIONAL_ADAPTERS = new Set(['nws', 'ipaws', 'wfigs'])
const REGISTRY_ADAPTERS = new Set(['wzdx-registry', 'gtfs-rt-catalog'])
const GROUP_SECTIONS: Record<string, CoverageSection> = {
  alerts: 'statuses',
  statuses: 'statuses',
  roads: 'roads',
  cameras: 'cameras',
  businesses: 'local',
  local: 'local',
}

const CODES = new Set(Object.keys(US_STATE_NAMES).map((code) => code.toLowerCase()))
/** State names longest first, so "West Virginia" is found before "Virginia". */
const NAMES = Object.entries(US_STATE_NAMES)
  .map(([code, name]) => ({ code: code.toLowerCase(), name }))
  .sort((a, b) => b.name.length - a.name.length)

/**
 * A state's code from what a registry row or an operator writes: "Iowa", "IA", "ia"; null for anything else.
 * @example stateCodeOf('Missouri') // 'mo'
 */
export function stateCodeOf(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const text = value.trim().toLowerCase()
  if (text === 'us' || text === 'united states') return 'us'
  if (CODES.has(text)) return text
  return NAMES.find((state) => state.name.toLowerCase() === text)?.code ?? null
}

/**
 * The states a text names: "(United States)" is the whole country; a state's full name or "(XX)" is that state.
 * @example statesIn('Caltrans cameras, District 4 (California)') // ['ca']
 */
export function statesIn(text: string): string[] {
  if (/\bUnited States\b/i.test(text)) return ['us']
  let rest = text
  const found = new Set<string>()
  for (const { code, name } of NAMES) {
    const pattern = new RegExp(`\\b${name}\\b`, 'i')
    if (pattern.test(rest)) {
      found.add(code)
      rest = rest.replace(pattern, ' ')
    }
  }
  for (const match of rest.matchAll(/\(([A-Z]{2})\)/g)) if (CODES.has(match[1]!.toLowerCase())) found.add(match[1]!.toLowerCase())
  return [...found].sort()
}

/** Where a source is: the operator's `options.states`, the registry row's state, a nationwide adapter, else its names. */
function statesOf(feed: Feed, row: ListedRow | undefined): string[] {
  const option = feed.options['states']
  if (Array.isArray(option)) {
    const codes = option.map(stateCodeOf).filter((code): code is string => code !== null)
    if (codes.includes('us')) return ['us']
    if (codes.length) return [...new Set(codes)].sort()
  }
  const listed = row ? stateCodeOf(row.state) : null
  if (listed) return [listed]
  if (NATIONAL_ADAPTERS.has(feed.adapter)) return ['us']
  return statesIn(`${feed.name} ${feed.attribution.name}`)
}

/** Why a feed does not run, or null when it runs; undefined when it has no address at all (an example, not a source). */
function offReason(feed: Feed, row: ListedRow | undefined, env: CoverageInput['env']): OffReason | null | undefined {
  const keyMissing = feed.keyEnv !== null && !env[feed.keyEnv]
  if (feed.enabled && !feed.problem) return null
  if (row && !row.active) return 'inactive'
  if (row?.unsupported) return 'unsupported'
  if (keyMissing || feed.problem?.startsWith('No key')) return 'key'
  if (!feed.url && !row) return undefined
  return 'disabled'
}

/** The health of a running feed from its row: failing, stale (older than its threshold), ok, or waiting for a first run. */
function runningStatus(feed: Feed, row: FeedRow | undefined, now: Date): SourceStatus {
  if (!row) return 'waiting'
  if (row.failures > 0) return 'failing'
  if (!row.last_success_at) return 'waiting'
  return now.getTime() - Date.parse(row.last_success_at) > feed.staleAfterSeconds * 1000 ? 'stale' : 'ok'
}

const emptySections = (): Record<CoverageSection, string[]> => ({ statuses: [], roads: [], cameras: [], local: [] })

/** A registry-made feed's name carries why it is off (" · off: needs a key …"); the answer says that as `off`. */
const plainName = (name: string): string => name.split(' · off: ')[0]!.trim()

function businessSource(source: BusinessSource): CoverageSource {
  const failing = source.lastErrorAt !== null && (source.lastSuccessAt === null || source.lastErrorAt > source.lastSuccessAt)
  const status: SourceStatus = !source.enabled ? 'off' : failing ? 'failing' : source.lastSuccessAt ? 'ok' : 'waiting'
  return {
    id: source.id,
    name: source.name,
    section: 'local',
    states: ['us'],
    status,
    off: source.enabled ? null : 'disabled',
    publisher: source.attribution,
    items: source.itemCount,
    lastSuccessAt: source.lastSuccessAt,
  }
}

/**
 * The coverage answer: every source with its section, states and health, then the nationwide ones and each state's own
 * by section. Feeds without an address (configuration examples) are not sources and are left out.
 * @example coverage(input).states.find((state) => state.code === 'ca')?.sections.roads // ['caltrans-lcs-d01', …]
 */
export function coverage(input: CoverageInput): CoverageAnswer {
  const sources: CoverageSource[] = []
  const registries: CoverageAnswer['registries'] = []
  for (const feed of input.feeds) {
    const section = GROUP_SECTIONS[feed.group]
    const row = input.listed.get(feed.id)
    const off = offReason(feed, row, input.env)
    if (!section || off === undefined) continue
    const health = input.rows.get(feed.id)
    const base = {
      id: feed.id,
      name: plainName(feed.name),
      section,
      status: off ? ('off' as const) : runningStatus(feed, health, input.now),
      off,
      publisher: feed.attribution,
      lastSuccessAt: health?.last_success_at ?? null,
    }
    if (REGISTRY_ADAPTERS.has(feed.adapter)) registries.push(base)
    else sources.push({ ...base, states: statesOf(feed, row), items: input.counts.get(feed.id) ?? 0 })
  }
  if (input.businesses) sources.push(businessSource(input.businesses))
  const national = emptySections()
  const byState = new Map(Object.keys(US_STATE_NAMES).map((code) => [code.toLowerCase(), emptySections()]))
  const unplaced: string[] = []
  for (const source of sources) {
    if (source.states.includes('us')) national[source.section].push(source.id)
    else if (!source.states.length) unplaced.push(source.id)
    for (const code of source.states) byState.get(code)?.[source.section].push(source.id)
  }
  const states = Object.entries(US_STATE_NAMES)
    .map(([code, name]) => ({ code: code.toLowerCase(), name, sections: byState.get(code.toLowerCase())! }))
    .sort((a, b) => a.name.localeCompare(b.name))
  return { generatedAt: input.now.toISOString(), sources, registries, national, states, unplaced }
}

/**
 * The answer for one state: its entry, the nationwide sources and its own, nothing else.
 * @example forState(answer, 'wa').states.map((state) => state.code) // ['wa']
 */
export function forState(answer: CoverageAnswer, code: string): CoverageAnswer {
  const states = answer.states.filter((state) => state.code === code)
  const ids = new Set([
    ...Object.values(answer.national).flat(),
    ...states.flatMap((state) => Object.values(state.sections).flat()),
  ])
  return { ...answer, sources: answer.sources.filter((source) => ids.has(source.id)), states, unplaced: [] }
}
