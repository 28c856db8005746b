// Atom and JSON Feed documents for one place and section, written with the `feed` library.
import { createHash } from 'node:crypto'
import { Feed } from 'feed'
import type { City } from '../../src/lib/cities.ts'
import { useTranslations } from '../../src/i18n/index.ts'
import { xmlSafe } from '../../src/lib/item-text.ts'
import { cityPath, type Locale } from '../../src/lib/routing/routes.ts'
import type { FollowedSection, PlaceItem } from './place-items.ts'

export type FeedFormat = 'atom' | 'json'
export type PlaceFeed = { body: string; etag: string; lastModified: Date; contentType: string }

/**
 * Entry texts are typed "html" by the library: staff's and feeds' words are escaped so a reader shows them as text,
 * without the characters XML cannot carry (feed items never passed the staff input's check).
 */
const html = (text: string): string => xmlSafe(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** When nothing has been written yet: a fixed date, so the document (and its ETag) stays the same. */
const EPOCH = new Date('2026-01-01T00:00:00Z')

/** The item's page: its section of the place, at the item (`#item-<id>`). */
export const itemLink = (siteUrl: string, locale: Locale, route: string, section: FollowedSection, id: number): string =>
  `${siteUrl}${cityPath(locale, route, section)}#item-${id}`

/** The first line of an item: its state and first text line, or its title when it has neither. */
export function firstLine(item: Pick<PlaceItem, 'state' | 'data' | 'title'>): string {
  const line = item.data.lines.find((text) => text.trim())
  return [item.state, line].filter(Boolean).join(' · ') || item.title
}

/** The feed document; the newest item's write time is the feed's `updated` (and Last-Modified). */
export function placeFeed(
  city: City & { route: string },
  section: FollowedSection,
  items: readonly PlaceItem[],
  format: FeedFormat,
  options: { siteUrl: string; apiUrl: string; locale: Locale },
): PlaceFeed {
  const { siteUrl, apiUrl, locale } = options
  const t = useTranslations(locale)
  const place = `${city.name}, ${city.state}`
  const times = items.map((item) => Date.parse(item.updatedAt)).filter(Number.isFinite)
  const updated = times.length ? new Date(Math.max(...times)) : EPOCH
  const self = `${apiUrl}/api/feeds/${city.route}/${section}`
  const feed = new Feed({
    id: `${siteUrl}${cityPath(locale, city.route, section)}`,
    title: `${t(`title.${section}`, { place })} · ${t('site.name')}`,
    description: t(`desc.${section}`, { place }),
    link: `${siteUrl}${cityPath(locale, city.route, section)}`,
    language: locale,
    updated,
    generator: 'Porchlight',
    feedLinks: { atom: `${self}.atom`, json: `${self}.json` },
    copyright: 'Porchlight and the named sources',
    author: { name: t('site.name'), link: siteUrl },
  })
  for (const item of items) {
    const link = itemLink(siteUrl, locale, city.route, section, item.id)
    feed.addItem({
      id: `${siteUrl}/items/${item.id}`,
      title: html(`${item.priority}: ${item.title}`),
      link,
      date: new Date(item.updatedAt),
      description: html(firstLine(item)),
      content: html([item.state, ...item.data.lines].filter(Boolean).join('\n')),
      category: [{ name: item.priority, term: item.priority }],
      ...(item.source
        ? { author: [{ name: xmlSafe(item.source.name), ...(item.source.url ? { link: xmlSafe(item.source.url) } : {}) }] }
        : {}),
    })
  }
  // The whole document once more: whatever else reaches it (a place's or a source's name), a reader can parse it.
  const body = format === 'atom' ? xmlSafe(feed.atom1()) : feed.json1()
  return {
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    lastModified: updated,
    contentType: format === 'atom' ? 'application/atom+xml; charset=utf-8' : 'application/feed+json; charset=utf-8',
  }
}
