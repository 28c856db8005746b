/** What the dashboard warns about: statuses, road entries and NWS alerts on one scale. */
import type { AlertItem } from '../items.ts'
import { nwsAlertId } from '../live/feed-source.ts'
import { severityOf } from '../live/severity.ts'
import type { RoadEntry } from '../live/roads.ts'
import type { AlertSeverity, WeatherAlert } from '../weather/alerts.ts'

/** Where a warning comes from; the section page that shows it in full. */
export type WarningSource = 'statuses' | 'roads' | 'nws'

export type Warning = {
  /** `statuses:{id}`, `roads:{id}` or `nws:{id}`: unique across sources, usable as a React key. */
  key: string
  source: WarningSource
  severity: 'critical' | 'warning'
  /** 4 critical or extreme, 3 urgent or severe, 2 warning or moderate: finer than `severity`, for ordering. */
  rank: number
  title: string
  /** The word shown in the warning's tag: a priority level for staff items, a CAP severity for NWS. */
  level: 'critical' | 'urgent' | 'warning' | AlertSeverity
}

/**
 * An NWS alert on the SPEC's scale: Extreme and Severe are critical, Moderate a warning, Minor and
 * Unknown only information (the dashboard does not raise them).
 * @example nwsSeverity('Severe') // 'critical'
 */
export function nwsSeverity(severity: AlertSeverity): 'critical' | 'warning' | 'info' {
  if (severity === 'Extreme' || severity === 'Severe') return 'critical'
  return severity === 'Moderate' ? 'warning' : 'info'
}

function staffWarning(
  source: 'statuses' | 'roads',
  entry: { id: number; title: string; priority: string; state: string | null },
): Warning | null {
  const severity = severityOf(entry, source)
  if (severity === 'info') return null
  const critical = entry.priority.trim().toLowerCase() === 'critical'
  // A road marked critical by its state alone ranks with urgent: the staff left the priority lower.
  const level = severity === 'warning' ? 'warning' : critical ? 'critical' : 'urgent'
  const rank = { critical: 4, urgent: 3, warning: 2 }[level]
  return { key: `${source}:${entry.id}`, source, severity, rank, title: entry.title, level }
}

function nwsWarning(alert: WeatherAlert): Warning | null {
  const severity = nwsSeverity(alert.severity)
  if (severity === 'info') return null
  const rank = alert.severity === 'Extreme' ? 4 : alert.severity === 'Severe' ? 3 : 2
  return { key: `nws:${alert.id}`, source: 'nws', severity, rank, title: alert.headline ?? alert.event, level: alert.severity }
}

/**
 * The page's own NWS alerts that the reaction answer does not already carry as statuses (the NWS feed
 * puts every US alert there): one warning is listed once, as a status.
 * @example notInStatuses(nws, reaction.statuses.messages).length // 0 when the feed has them all
 */
export function notInStatuses(nws: WeatherAlert[], statuses: AlertItem[]): WeatherAlert[] {
  const covered = new Set(statuses.map(nwsAlertId).filter((id): id is string => id !== null))
  return covered.size ? nws.filter((alert) => !covered.has(alert.id)) : nws
}

/**
 * Every warning-or-worse item, most severe first; equal ranks keep statuses, then roads, then NWS,
 * each in its own order (the API's priority order, NWS's severity order). An NWS alert that is also
 * a status counts once, as the status.
 * @example warningsOf(reaction.statuses.messages, roads.entries, nws)[0]?.title // 'Flood warning: Snoqualmie River near Duvall'
 */
export function warningsOf(statuses: AlertItem[], roads: RoadEntry[], nws: WeatherAlert[]): Warning[] {
  const all = [
    ...statuses.map((item) => staffWarning('statuses', item)),
    ...roads.map((entry) => staffWarning('roads', entry)),
    ...notInStatuses(nws, statuses).map(nwsWarning),
  ].filter((warning): warning is Warning => warning !== null)
  // Array.prototype.sort is stable, so equal ranks keep the order above.
  return all.sort((a, b) => b.rank - a.rank)
}

/**
 * The one warning the dashboard leads with, and how many others there are; null when all is calm.
 * @example mostSevere([flood], [], [wind]) // { warning: flood warning, more: 1 }
 */
export function mostSevere(
  statuses: AlertItem[],
  roads: RoadEntry[],
  nws: WeatherAlert[],
): { warning: Warning; more: number } | null {
  const all = warningsOf(statuses, roads, nws)
  const [first] = all
  return first ? { warning: first, more: all.length - 1 } : null
}
