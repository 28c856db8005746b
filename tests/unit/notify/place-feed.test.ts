import { describe, expect, it } from 'vitest'
import { placeFeed, firstLine } from '../../../server/notify/place-feed.ts'
import type { PlaceItem } from '../../../server/notify/place-items.ts'
import { atomEntries, atomProblems } from './atom-rules.ts'

const duvall = {
  name: 'Duvall',
  state: 'WA',
  lat: 47.74,
  lon: -121.98,
  country: 'US',
  timezone: 'America/Los_Angeles',
  population: 8000,
  route: 'wa/duvall',
}
const options = { siteUrl: 'https://porchlight.example', apiUrl: 'https://api.porchlight.example', locale: 'en' as const }

const item = (id: number, fields: Partial<PlaceItem> = {}): PlaceItem =>
  ({
    id,
    priority: 'Warning',
    title: `Item ${id}`,
    state: 'closed',
    data: { lines: ['Two hours late', 'Buses on snow routes'] },
    source: null,
    updatedAt: `2026-11-2${id}T10:00:00.000Z`,
    ...fields,
  }) as unknown as PlaceItem

describe('place feeds', () => {
  it('writes valid Atom with one entry per item: updated time, priority, link to the item', () => {
    const feed = placeFeed(
      duvall,
      'statuses',
      [item(1), item(2, { priority: 'Critical', source: { name: 'NWS', url: 'https://weather.gov' } })],
      'atom',
      options,
    )
    expect(atomProblems(feed.body)).toEqual([])
    const entries = atomEntries(feed.body)
    expect(entries).toHaveLength(2)
    expect(entries[1]).toMatchObject({ updated: '2026-11-22T10:00:00.000Z', category: { '@term': 'Critical' } })
    expect(entries[0]!['link']).toMatchObject({ '@href': 'https://porchlight.example/wa/duvall/statuses#item-1' })
    expect(feed.lastModified.toISOString()).toBe('2026-11-22T10:00:00.000Z')
    expect(feed.body).toContain('<title>Duvall, WA statuses')
  })

  it('keeps an empty place valid and its document (and ETag) the same from one call to the next', () => {
    const one = placeFeed(duvall, 'roads', [], 'atom', options)
    expect(atomProblems(one.body)).toEqual([])
    expect(placeFeed(duvall, 'roads', [], 'atom', options).etag).toBe(one.etag)
    expect(placeFeed(duvall, 'roads', [item(1)], 'atom', options).etag).not.toBe(one.etag)
  })

  it('escapes hostile text and stays well-formed', () => {
    const feed = placeFeed(
      duvall,
      'statuses',
      [item(1, { title: ']]></title><script>x</script>&', data: { lines: ['<b>&amp;'] } as never })],
      'atom',
      options,
    )
    expect(atomProblems(feed.body)).toEqual([])
    expect(feed.body).not.toContain('<script>')
  })

  it('writes JSON Feed in the asked language', () => {
    const feed = placeFeed(duvall, 'statuses', [item(1)], 'json', { ...options, locale: 'es' })
    const doc = JSON.parse(feed.body) as { version: string; title: string; items: unknown[] }
    expect(doc.version).toBe('https://jsonfeed.org/version/1.1')
    expect(doc.title).toContain('Avisos en Duvall, WA')
    expect(doc.items[0]).toMatchObject({
      url: 'https://porchlight.example/es/wa/duvall/statuses#item-1',
      date_modified: '2026-11-21T10:00:00.000Z',
    })
    expect(feed.contentType).toContain('application/feed+json')
  })

  it('finds a first line', () => {
    expect(firstLine(item(1))).toBe('closed · Two hours late')
    expect(firstLine(item(1), (word) => word.toUpperCase())).toBe('CLOSED · Two hours late')
    expect(firstLine(item(1, { data: { lines: ['One\nTwo'] } as never }))).toBe('closed · One')
    expect(firstLine(item(1, { state: null, data: { lines: [] } as never }))).toBe('Item 1')
  })
})
