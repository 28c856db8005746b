// What a live section can say about its sources (the reaction answer's `health`, server/lib/section-health.ts):
// "nothing is reported" only when the sources that cover the place answered.
import type { T } from '../../i18n/translate.ts'
import { kept } from '../kept.ts'
import { formatMoment } from './times.ts'
import { unchecked, type SectionHealth } from './unchecked.ts'

export type HealthSection = 'statuses' | 'roads' | 'cameras' | 'local'

const DOWN_KEYS = {
  statuses: 'health.downStatuses',
  roads: 'health.downRoads',
  cameras: 'health.downCameras',
  local: 'health.downLocal',
} as const

const lists = new Map<string, Intl.ListFormat>()

/**
 * The publishers that did not answer, as one list in the visitor's language: "Caltrans (12 of 12) and
 * NOAA/National Weather Service (last answer 7:40 AM)", times in the place's zone.
 */
export function missingSources(health: SectionHealth, now: number, locale: string, timeZone: string, t: T): string {
  const names = health.missing.map((source) => {
    const down = source.failing + source.stale + source.waiting
    const name =
      source.sources > 1
        ? t('health.someOf', { name: source.name, count: String(down), total: String(source.sources) })
        : source.name
    const last = source.lastSuccessAt ? Date.parse(source.lastSuccessAt) : NaN
    return Number.isFinite(last) ? t('health.lastAnswer', { name, time: formatMoment(last, now, locale, timeZone) }) : name
  })
  return kept(lists, locale, () => new Intl.ListFormat(locale, { type: 'conjunction' })).format(names)
}

/**
 * The note a section shows over what it has: what could not be checked, who did not answer, and (with items) that
 * they are the last known. Null when every covering source answered.
 * @example healthNote(health, 'statuses', 3, …) // ['Alerts could not be checked.', 'Not answering: …', 'What is shown is the last known.']
 */
export function healthNote(
  health: SectionHealth | undefined,
  section: HealthSection,
  shown: number,
  now: number,
  locale: string,
  timeZone: string,
  t: T,
): string[] | null {
  if (!unchecked(health)) return null
  const lines = [
    t(health.status === 'down' ? DOWN_KEYS[section] : 'health.partial'),
    ...(health.missing.length ? [t('health.missing', { sources: missingSources(health, now, locale, timeZone, t) })] : []),
  ]
  if (health.status === 'down' && shown > 0) lines.push(t('health.known'))
  return lines
}
