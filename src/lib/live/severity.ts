/** Alert severity (SPEC section 4): what the banner raises and what the section badges count. */
import type { AlertItem, Aspect, Reaction } from '../items.ts'
import type { RoadEntry } from './roads.ts'

export type Severity = 'critical' | 'warning' | 'info'

const lower = (value: string | null | undefined): string => (typeof value === 'string' ? value.trim().toLowerCase() : '')

/**
 * SPEC section 4: priority critical or urgent → critical; warning → warning; for roads, a state of
 * 'critical' also → critical. Case-insensitive. Every other priority (High and Medium included) is info,
 * because the SPEC names only these words.
 * @example severityOf({ priority: 'Info', state: 'critical' }, 'roads') // 'critical'
 */
export function severityOf(entry: { priority: string | null; state?: string | null }, section: 'statuses' | 'roads'): Severity {
  const priority = lower(entry.priority)
  if (priority === 'critical' || priority === 'urgent') return 'critical'
  // Road data marks a closed crossing by its state even when the priority was left at a lower word.
  if (section === 'roads' && lower(entry.state) === 'critical') return 'critical'
  return priority === 'warning' ? 'warning' : 'info'
}

export type BannerAlert = {
  /** `statuses:{id}` or `roads:{id}`: unique across both sections, usable as a React key. */
  key: string
  title: string
  severity: 'critical' | 'warning'
  section: 'statuses' | 'roads'
  /** How many other warning-or-worse alerts there are. */
  more: number
  /** Sorted keys of every warning-or-worse alert; a dismissal stored with it lasts until the set changes. */
  signature: string
}

type Candidate = Omit<BannerAlert, 'more' | 'signature'>

function candidate(
  section: 'statuses' | 'roads',
  entry: { id: number; title: string; priority: string; state: string | null },
): Candidate | null {
  const severity = severityOf(entry, section)
  return severity === 'info' ? null : { key: `${section}:${entry.id}`, title: entry.title, severity, section }
}

/**
 * The banner: among warning-or-worse statuses and road entries, the first critical one, else the first one.
 * Statuses come before roads, each in the given order. null when none.
 * @example
 * const banner = bannerAlert(reaction.statuses.messages, expandRoads(reaction.roads.messages).entries)
 * if (banner && banner.signature !== dismissed) show(banner.title, banner.more)
 */
export function bannerAlert(statuses: AlertItem[], roads: RoadEntry[]): BannerAlert | null {
  const found = [
    ...statuses.map((item) => candidate('statuses', item)),
    ...roads.map((entry) => candidate('roads', entry)),
  ].filter((entry): entry is Candidate => entry !== null)
  const first = found.find((entry) => entry.severity === 'critical') ?? found[0]
  if (!first) return null
  // Sorted so the same alerts in a new order (a priority change, a nearer location) keep the dismissal.
  const signature = found
    .map((entry) => entry.key)
    .sort()
    .join(',')
  return { ...first, more: found.length - 1, signature }
}

/**
 * Counts for the sidebar and tab badges: roads count the expanded road entries, the rest their messages.
 * @example badgeCounts(reaction, expandRoads(reaction.roads.messages).entries).roads // 11 for the demo roads
 */
export function badgeCounts(reaction: Reaction, roads: RoadEntry[]): Record<Aspect, number> {
  // A section missing from a partial or older answer counts as empty rather than breaking the layout.
  const count = (aspect: Aspect): number => (reaction[aspect] as Reaction[Aspect] | undefined)?.messages.length ?? 0
  return { statuses: count('statuses'), roads: roads.length, cameras: count('cameras'), local: count('local') }
}

/**
 * The sections whose badge takes the alarm colour: those with a warning or worse (statuses, road entries). Cameras
 * and businesses are counts, never alarms, so the one real alert is not diluted (issue 38).
 * @example alarmSections(reaction, roads) // Set { 'statuses' } with a flood warning and calm roads
 */
export function alarmSections(reaction: Reaction, roads: RoadEntry[]): Set<Aspect> {
  const alarms = new Set<Aspect>()
  const statuses = (reaction.statuses as Reaction['statuses'] | undefined)?.messages ?? []
  if (statuses.some((item) => severityOf(item, 'statuses') !== 'info')) alarms.add('statuses')
  if (roads.some((entry) => severityOf(entry, 'roads') !== 'info')) alarms.add('roads')
  return alarms
}
