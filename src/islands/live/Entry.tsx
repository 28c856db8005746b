import { formatAgo } from '../../lib/format.ts'
import { milesToKm, formatDistance } from '../../lib/units.ts'
import { safeHttpUrl } from '../../lib/live/business.ts'
import { STATUS_WORDS } from '../../lib/items.ts'
import type { T } from '../weather/hooks.ts'
import type { Settings } from '../../lib/state/settings.ts'

const KNOWN_STATES: readonly string[] = [...STATUS_WORDS, 'critical']

/** A state word in the visitor's language when it is one of the SPEC's statuses; staff's own words as written. */
export function stateLabel(state: string, t: T): string {
  const word = state.trim().toLowerCase()
  return KNOWN_STATES.includes(word) ? t(`status.${word}`) : state
}

/** Distance in the visitor's unit; the API gives miles. */
export function distanceText(miles: number | null, settings: Settings, locale: string, t: T): string | null {
  if (miles === null || !Number.isFinite(miles)) return null
  return t('live.distance', { distance: formatDistance(milesToKm(miles), settings.distance, locale) })
}

/** "Checked 5 minutes ago", plus the out-of-date mark the server sets. */
export function Checked({
  retrieved,
  isOld,
  now,
  locale,
  t,
}: {
  retrieved: string | null
  isOld: boolean
  now: number
  locale: string
  t: T
}) {
  const time = retrieved ? Date.parse(retrieved) : NaN
  return (
    <>
      {Number.isFinite(time) && <span>{t('live.checked', { ago: formatAgo(time, now, locale) })}</span>}
      {isOld && <span className="tag tag-old">{t('live.old')}</span>}
    </>
  )
}

/** A link only to an http(s) address, opened safely; nothing for anything else. */
export function SafeLink({ href, children }: { href: unknown; children: React.ReactNode }) {
  const url = safeHttpUrl(href)
  return url ? (
    <a href={url} rel="noopener noreferrer external" target="_blank">
      {children}
    </a>
  ) : null
}
