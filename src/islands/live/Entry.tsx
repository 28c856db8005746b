import { formatAgo } from '../../lib/format.ts'
import { milesToKm, formatDistance } from '../../lib/units.ts'
import { safeHttpUrl } from '../../lib/safe-url.ts'
import type { AlertItem } from '../../lib/items.ts'
import { itemSource } from '../../lib/live/feed-source.ts'
import { itemTimes } from '../../lib/live/times.ts'
import type { T } from '../../i18n/use-t.ts'
import type { Settings } from '../../lib/decode/stored-settings.ts'

/** The state word in the visitor's language (src/lib/live/state-word.ts, shared with the widget, feeds and emails). */
export { stateLabel } from '../../lib/live/state-word.ts'

/** Distance in the visitor's unit; the API gives miles. */
export function distanceText(miles: number | null, settings: Settings, locale: string, t: T): string | null {
  if (miles === null || !Number.isFinite(miles)) return null
  return t('live.distance', { distance: formatDistance(milesToKm(miles), settings.distance, locale) })
}

/**
 * "Checked 5 minutes ago", plus the out-of-date mark the server sets. A feed item that is out of date
 * says how old it is and why ("Updated 3 hours ago · source unavailable"): its feed has been failing.
 */
export function Checked({
  retrieved,
  isOld,
  now,
  locale,
  t,
  fromFeed = false,
}: {
  retrieved: string | null
  isOld: boolean
  now: number
  locale: string
  t: T
  fromFeed?: boolean
}) {
  const time = retrieved ? Date.parse(retrieved) : NaN
  const ago = Number.isFinite(time) ? formatAgo(time, now, locale) : null
  if (isOld && fromFeed && ago) return <span className="tag tag-old">{t('live.stale', { ago })}</span>
  return (
    <>
      {ago && <span>{t('live.checked', { ago })}</span>}
      {isOld && <span className="tag tag-old">{t('live.old')}</span>}
    </>
  )
}

/** "from Mon 9 PM", "until Fri 6 AM": when an item starts or ends, in the place's time zone; nothing without times. */
export function ItemTimes({
  item,
  now,
  locale,
  timeZone,
  t,
}: {
  item: Pick<AlertItem, 'startsAt' | 'endsAt'>
  now: number
  locale: string
  timeZone: string
  t: T
}) {
  const times = itemTimes(item, now, locale, timeZone)
  return times ? <p className="live-times">{t(times.key, times.values)}</p> : null
}

/** "Source: NOAA/National Weather Service", linked to the publisher, for items that come from a feed. */
export function SourceCredit({ item, t }: { item: AlertItem; t: T }) {
  const source = itemSource(item)
  if (!source) return null
  const text = t('live.source', { name: source.name })
  return <span className="live-source">{source.url ? <SafeLink href={source.url}>{text}</SafeLink> : text}</span>
}

/**
 * An item's title, linked to its page when it has an http(s) one: the link text names the item
 * (a row of "More information" links says nothing to search engines or screen readers).
 */
export function ItemTitle({ title, href }: { title: string; href: unknown }) {
  return (
    <strong className="item-title">
      <SafeLink href={href}>{title}</SafeLink>
      {safeHttpUrl(href) ? null : title}
    </strong>
  )
}

/** A link only to an http(s) address, opened safely; nothing for anything else. */
export function SafeLink({ href, children, label }: { href: unknown; children: React.ReactNode; label?: string }) {
  const url = safeHttpUrl(href)
  return url ? (
    <a href={url} rel="noopener noreferrer external" target="_blank" aria-label={label}>
      {children}
    </a>
  ) : null
}
