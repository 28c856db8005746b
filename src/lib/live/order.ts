/**
 * Most important first (issue 28): the SPEC's groups stay, but a group holding a Critical item comes
 * before one of Info notes, and inside a group items go by priority, then newest. Stable: equal items
 * keep the API's order. Also the long-list rules: what a group shows before folding, and the filters.
 */
import { priorityRank } from '../items.ts'
import type { AlertItem } from '../items.ts'
import type { RoadEntry, RoadGroup } from './roads.ts'

/** When an item last changed, for "newest first" among equals: its value change, else its start, else its check. */
function newest(item: Pick<AlertItem, 'valueChanged' | 'retrieved'> & { startsAt?: string | null | undefined }): number {
  for (const value of [item.valueChanged, item.startsAt, item.retrieved]) {
    const time = typeof value === 'string' ? Date.parse(value) : NaN
    if (Number.isFinite(time)) return time
  }
  return -Infinity
}

/** A road message's rank: a closed crossing (state 'critical') is as pressing as a Critical priority. */
export function roadRank(entry: Pick<RoadEntry, 'priority' | 'state'>): number {
  const state = typeof entry.state === 'string' ? entry.state.trim().toLowerCase() : ''
  return state === 'critical' ? 0 : priorityRank(entry.priority)
}

/**
 * Items by priority (Critical first), then newest; equal items keep their order.
 * @example byImportance([info, critical]).map((item) => item.priority) // ['Critical', 'Info']
 */
export function byImportance<T extends AlertItem>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index, rank: priorityRank(item.priority), time: newest(item) }))
    .sort((a, b) => a.rank - b.rank || b.time - a.time || a.index - b.index)
    .map(({ item }) => item)
}

/**
 * Groups by their most important item (then their given order), each group's items by importance.
 * @example orderStatusGroups(groupStatuses(items))[0].category // 'weather' when it holds the only Critical item
 */
export function orderStatusGroups<G extends { items: AlertItem[] }>(groups: readonly G[]): G[] {
  return groups
    .map((group, index) => {
      const items = byImportance(group.items)
      return { group: { ...group, items }, index, rank: items.length ? priorityRank(items[0]!.priority) : Infinity }
    })
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ group }) => group)
}

/** A road group's rank: its most pressing message's. */
export const roadGroupRank = (group: RoadGroup): number => Math.min(Infinity, ...group.entries.map(roadRank))

/**
 * Road items by their most pressing message (then the API's order, which is by distance), each item's
 * messages by rank; equal messages keep their order.
 * @example orderRoadGroups(expandRoads(messages).groups)[0].entries[0].state // 'critical' when one is closed
 */
export function orderRoadGroups(groups: readonly RoadGroup[]): RoadGroup[] {
  return groups
    .map((group, index) => {
      const entries = group.entries
        .map((entry, at) => ({ entry, at, rank: roadRank(entry) }))
        .sort((a, b) => a.rank - b.rank || a.at - b.at)
        .map(({ entry }) => entry)
      const ordered = { ...group, entries }
      return { group: ordered, index, rank: roadGroupRank(ordered) }
    })
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ group }) => group)
}

/** Lists at least this long get the filter; a short list is read at a glance. */
export const FILTER_FROM = 20

/** Lists at least this long fold; a shorter one shows whole. */
export const FOLD_FROM = 20

/** Items a group shows before the rest folds: a few, and always every Critical or Urgent one. */
export const SHOWN_PER_GROUP = 3
/** Rank up to which an item is never folded: Critical (0) and Urgent (1). */
const ALWAYS_SHOWN_RANK = 1

/**
 * Splits an ordered list into what shows and what folds under "N more".
 * @example splitShown([critical, urgent, urgent, urgent, info], priorityRank) // 4 shown, 1 folded
 */
export function splitShown<T>(
  items: readonly T[],
  rank: (item: T) => number,
  shown = SHOWN_PER_GROUP,
): { shown: T[]; folded: T[] } {
  let cut = 0
  while (cut < items.length && (cut < shown || rank(items[cut]!) <= ALWAYS_SHOWN_RANK)) cut++
  return { shown: items.slice(0, cut), folded: items.slice(cut) }
}

/** The priority filter: everything, warning-or-worse, or only critical-and-urgent. */
export const PRIORITY_FILTERS = ['all', 'warning', 'critical'] as const
export type PriorityFilter = (typeof PRIORITY_FILTERS)[number]

/** Highest rank each filter lets through (PRIORITIES: Critical 0, Urgent 1, High 2, Warning 3). */
const FILTER_MAX_RANK: Record<PriorityFilter, number> = { all: Infinity, warning: 3, critical: 1 }

/** Whether an item of this rank passes the filter. */
export const passes = (rank: number, filter: PriorityFilter): boolean => rank <= FILTER_MAX_RANK[filter]

/** The list's filter state, kept in the URL's hash (`#prio=warning&kind=weather`) so a reload keeps it. */
export type ListFilter = { prio: PriorityFilter; kind: string }

/**
 * Reads the filter from a hash; anything unknown is the default (everything). `kinds` lists the allowed kinds.
 * @example readFilter('#prio=critical&kind=weather', ['weather']) // { prio: 'critical', kind: 'weather' }
 */
export function readFilter(hash: string, kinds: readonly string[]): ListFilter {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const prio = params.get('prio')
  const kind = params.get('kind') ?? ''
  return {
    prio: PRIORITY_FILTERS.find((filter) => filter === prio) ?? 'all',
    kind: kinds.includes(kind) ? kind : 'all',
  }
}

/**
 * The hash for a filter: empty for the default, so an unfiltered page keeps a clean address.
 * @example writeFilter({ prio: 'warning', kind: 'all' }) // '#prio=warning'
 */
export function writeFilter(filter: ListFilter): string {
  const params = new URLSearchParams()
  if (filter.prio !== 'all') params.set('prio', filter.prio)
  if (filter.kind !== 'all') params.set('kind', filter.kind)
  const text = params.toString()
  return text ? `#${text}` : ''
}
