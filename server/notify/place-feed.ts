// Atom and JSON Feed documents for one place and section, written with the `feed` library, in the reader's language:
// the dictionary's words, and each alert's own text in that language when it carries it (as the page shows it).
import { createHash } from 'node:crypto'
import { Feed } from 'feed'
import type { City } from '../../src/lib/cities.ts'
import { useTranslations } from '../../src/i18n/index.ts'
import { xmlSafe } from '../../src/lib/item-text.ts'
import { priorityLabel, stateLabel } from '../../src/lib/live/state-word.ts'
import { localizeItem } from '../../src/lib/live/translations.ts'
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

/** An item's state as its page shows it: the dictionary's word ("Active", "Activo"), staff's own words as written. */
type StateText = (state: string) => string

/** The first line of an item: its state and first text line, or its title when it has neither. */
export function firstLine(item: Pick<PlaceItem, 'state' | 'data' | 'title'>, state: StateText = (word) => word): string {
  const line = item.data.lines
    .flatMap((text) => text.split(/\r?\n/))
    .find((text) => text.trim())
    ?.trim()
  return [item.state && state(item.state), line].filter(Boolean).join(' · ') || item.title
}

/** An item's text as paragraphs: its state word, then each of its lines (a line's own breaks start new ones). */
function paragraphs(item: Pick<PlaceItem, 'state' | 'data'>, state: StateText): string[] {
  const lines = item.data.lines.flatMap((line) => line.split(/\r?\n/)).map((line) => line.trim())
  return [item.state ? state(item.state) : '', ...lines].filter(Boolean).map(xmlSafe)
}

/** The feed document; the newest item's write time is the feed's `updated` (and Last-Modified). */
export function placeFeed(
  city: City & { route: string },
  section: FollowedSection,
  placeItems: readonly PlaceItem[],
  format: FeedFormat,
  options: { siteUrl: string; apiUrl: string; locale: Locale },
): PlaceFeed {
  const { siteUrl, apiUrl, locale } = options
  const items = placeItems.map((item) => localizeItem(item, locale))
  const t = useTranslations(locale)
  const state: StateText = (word) => stateLabel(word, t)
  // The entry's title starts with its priority in the reader's words ("Urgente: …"); the category keeps the SPEC's.
  const priority = (item: PlaceItem) => priorityLabel(item.priority, t)
  const place = `${city.name}, ${city.state}`
  const times = items.map((item) => Date.parse(item.updatedAt)).filter(Number.isFinite)
  const updated = times.length ? new Date(Math.max(...times)) : EPOCH
  const self = `${apiUrl}/api/feeds/${city.route}/${section}`
  const page = `${siteUrl}${cityPath(locale, city.route, section)}`
  const title = `${t(`title.${section}`, { place })} · ${t('site.name')}`
  const description = t(`desc.${section}`, { place })
  const author = { name: t('site.name'), url: siteUrl }
  const source = (item: PlaceItem) =>
    item.source ? { name: xmlSafe(item.source.name), ...(item.source.url ? { url: xmlSafe(item.source.url) } : {}) } : null
  const body = format === 'atom' ? atom() : json()
  return {
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    lastModified: updated,
    contentType: format === 'atom' ? 'application/atom+xml; charset=utf-8' : 'application/feed+json; charset=utf-8',
  }

  function atom(): string {
    const feed = new Feed({
      id: page,
      title,
      description,
      link: page,
      language: locale,
      updated,
      generator: 'Porchlight',
      feedLinks: { atom: `${self}.atom`, json: `${self}.json` },
      copyright: 'Porchlight and the named sources',
      author: { name: author.name, link: author.url },
    })
    for (const item of items) {
      const credit = source(item)
      feed.addItem({
        id: `${siteUrl}/items/${item.id}`,
        title: html(`${priority(item)}: ${item.title}`),
        link: itemLink(siteUrl, locale, city.route, section, item.id),
        date: new Date(item.updatedAt),
        description: html(firstLine(item, state)),
        // HTML paragraphs of escaped text: the state word as the page says it, then each line.
        content: paragraphs(item, state)
          .map((text) => `<p>${html(text)}</p>`)
          .join(''),
        category: [{ name: item.priority, term: item.priority }],
        ...(credit ? { author: [{ name: credit.name, ...(credit.url ? { link: credit.url } : {}) }] } : {}),
      })
    }
    // The JSON Feed beside it (the library links only the Atom document itself).
    const xml = feed
      .atom1()
      .replace(
        /(<link rel="self" href="[^"]*"\/>)/,
        `$1<link rel="alternate" type="application/feed+json" href="${html(`${self}.json`)}"/>`,
      )
    // The whole document once more: whatever else reaches it (a place's or a source's name), a reader can parse it.
    return xmlSafe(xml)
  }

  /** JSON Feed 1.1 (https://jsonfeed.org/version/1.1): `authors` and `language`, plain-text titles. */
  function json(): string {
    return JSON.stringify(
      {
        version: 'https://jsonfeed.org/version/1.1',
        title: xmlSafe(title),
        home_page_url: page,
        feed_url: `${self}.json`,
        description: xmlSafe(description),
        language: locale,
        authors: [author],
        items: items.map((item) => {
          const texts = paragraphs(item, state)
          const credit = source(item)
          return {
            id: `${siteUrl}/items/${item.id}`,
            url: itemLink(siteUrl, locale, city.route, section, item.id),
            title: xmlSafe(`${priority(item)}: ${item.title}`),
            content_html: texts.map((text) => `<p>${html(text)}</p>`).join(''),
            content_text: texts.join('\n\n'),
            summary: xmlSafe(firstLine(item, state)),
            date_modified: new Date(item.updatedAt).toISOString(),
            ...(credit ? { authors: [credit] } : {}),
            tags: [item.priority],
          }
        }),
      },
      null,
      2,
    )
  }
}
