// What a notification says, in the subscriber's language: one item is its place and title, its priority and first
// two lines (an alert's headline and what to do), and a link to it; a burst of several is a count for the place and the first titles, linking to the place.
// An alert that carries the subscriber's language (IPAWS: one CAP info per language) is told in it: its own title,
// headline and what to do (src/lib/live/translations.ts, as the page chooses).
import { useTranslations } from '../../src/i18n/index.ts'
import { priorityRank } from '../../src/lib/items.ts'
import { priorityLabel, stateLabel } from '../../src/lib/live/state-word.ts'
import { NOTIFY_TEXT_KEYS } from '../../src/lib/notify/texts.ts'
import { cityPath, isLocale, type Locale } from '../../src/lib/routing/routes.ts'
import type { ItemRow } from '../db/schema.ts'
import { findCity, followedPlace } from '../lib/cities.ts'
import { rowText } from './item-text.ts'
import { itemLink } from './place-feed.ts'

export type PushMessage = { title: string; body: string; url: string; tag: string; lang: Locale }
export type ToldItem = {
  place: string
  row: Pick<ItemRow, 'id' | 'title' | 'state' | 'lines' | 'special_data' | 'priority' | 'data_aspect'>
}

/** Lines of a push body: an alert's headline and what to do come first in its lines (server/feeds/adapters/cap-text.ts). */
const PUSH_LINES = 2
/** A push body's characters: the whole call to action of a warning, well under Web Push's 4 KB payload. */
export const PUSH_BODY_MAX = 600

/** The first text lines of an item, joined; null when it has none. */
const firstTextLines = (lines: readonly string[]): string | null => {
  const texts = lines.filter((line) => line.trim() !== '').slice(0, PUSH_LINES)
  return texts.length ? texts.join('\n') : null
}

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** The place's name ("Duvall, WA"; a map point's "47.74, -121.99, WA"), or its route when the city is unknown. */
export function placeName(route: string): string {
  const city = followedPlace(route) ?? findCity(route)
  return city ? `${city.name}, ${city.state}` : route
}

/** The notification for a burst (at least one item), most pressing first. */
export function pushMessage(told: readonly ToldItem[], lang: string, siteUrl: string): PushMessage {
  const locale: Locale = isLocale(lang) ? lang : 'en'
  const t = useTranslations(locale)
  const sorted = [...told].sort((a, b) => priorityRank(a.row.priority) - priorityRank(b.row.priority) || a.row.id - b.row.id)
  const first = sorted[0]!
  const text = (entry: ToldItem) => rowText(entry.row, locale)
  const place = placeName(first.place)
  const priority = priorityLabel(first.row.priority, t)
  const section = first.row.data_aspect === 'roads' ? 'roads' : 'statuses'
  if (sorted.length === 1) {
    const { title, lines } = text(first)
    // The state as the page says it ("Activo"), staff's own words as written.
    const line = [first.row.state ? stateLabel(first.row.state, t) : null, firstTextLines(lines)].filter(Boolean).join(' · ')
    return {
      title: clip(`${place}: ${title}`, 120),
      body: clip(line ? `${priority} · ${line}` : priority, PUSH_BODY_MAX),
      url: itemLink(siteUrl, locale, first.place, section, first.row.id),
      tag: `porchlight-${first.row.id}`,
      lang: locale,
    }
  }
  const places = new Set(sorted.map((entry) => entry.place))
  const where = places.size === 1 ? place : t(NOTIFY_TEXT_KEYS.places, { count: places.size })
  return {
    title: clip(t(NOTIFY_TEXT_KEYS.burst, { count: sorted.length, place: where }), 120),
    body: clip(
      sorted
        .slice(0, 3)
        .map((entry) => text(entry).title)
        .join('\n'),
      240,
    ),
    url: `${siteUrl}${cityPath(locale, first.place, section)}`,
    tag: `porchlight-${first.place}`,
    lang: locale,
  }
}
