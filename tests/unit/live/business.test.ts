import { describe, expect, it } from 'vitest'
import { BUSINESSES } from '../../../server/db/demo/businesses.ts'
import { DEMO_LOCAL } from '../../../server/db/demo/local.ts'
import type { AlertItem } from '../../../src/lib/items.ts'
import { matchesSearch, parseBusiness, safeHttpUrl, telHref, type Business } from '../../../src/lib/live/business.ts'
import { DAYS, openState } from '../../../src/lib/live/hours.ts'

/** An item as the reaction API sends it, with `specialData` as stored JSON text. */
function item(specialData: string | null, extra: Partial<AlertItem> = {}): AlertItem {
  return {
    id: 7,
    priority: 'Normal',
    stateType: 'business',
    state: 'active',
    title: 'Item title',
    class: null,
    data: { lines: [], classes: [], location: null, status: null, dataTemplate: null, specialData, lockResultUntil: null },
    image: null,
    link: null,
    icon: null,
    dataLink: null,
    dataLinkType: null,
    distance: 1.5,
    valueChanged: null,
    retrieved: null,
    isOld: false,
    dataCategory: null,
    category: null,
    dataAspect: 'local',
    dataProperty: 'manager',
    lat: 0,
    lon: 0,
    pageName: null,
    cityName: null,
    ...extra,
  }
}
const withSpecial = (special: unknown, extra: Partial<AlertItem> = {}) => parseBusiness(item(JSON.stringify(special), extra))

describe('parseBusiness on the demo businesses', () => {
  it.each(DEMO_LOCAL.map((seed, index) => [seed.title, seed, BUSINESSES[index]!] as const))('%s', (_, seed, source) => {
    const business = parseBusiness(
      item(JSON.stringify(seed.special), { title: seed.title, dataCategory: seed.dataCategory ?? null }),
    )
    expect(business).toMatchObject({
      id: 7,
      title: source.title,
      // The demo's special data uses the SPEC's special-data word 'eatery', read as restaurant.
      category: source.category === 'eatery' ? 'restaurant' : source.category,
      service: source.service ? source.service.split(', ') : [],
      description: source.description,
      phone: source.phone,
      address: source.address,
      lat: source.lat,
      lon: source.lon,
      image: null,
      hoursText: source.hoursText,
      distance: 1.5,
    })
    expect(business.links).toEqual({
      web: `${source.web}/`,
      fb: source.fb ?? null,
      menu: source.menu ?? null,
      order: source.ordering ?? null,
      map: `https://www.openstreetmap.org/?mlat=${source.lat}&mlon=${source.lon}#map=17/${source.lat}/${source.lon}`,
    })
    // Every demo day is in the documented format, so none is left for the visitor to read.
    for (const day of DAYS) expect(['open', 'closed']).toContain(business.week[day].kind)
    expect(openState(business.week, new Date('2026-07-13T18:00:00Z'), 'America/Los_Angeles').state).not.toBe('unknown')
    expect(telHref(business.phone)).toMatch(/^tel:42555501\d\d$/)
  })
})

describe('parseBusiness on bad data', () => {
  it.each(['{not json', 'null', '[1, 2]', '"text"', '42', ''])('survives special data %j', (json) => {
    const business = parseBusiness(item(json, { link: 'https://fallback.example', image: 'javascript:alert(1)' }))
    expect(business).toMatchObject({
      title: 'Item title',
      category: 'other',
      service: [],
      description: null,
      lat: null,
      lon: null,
    })
    expect(business.links).toEqual({ web: 'https://fallback.example/', fb: null, menu: null, order: null, map: null })
    expect(business.image).toBeNull()
    expect(DAYS.every((day) => business.week[day].kind === 'none')).toBe(true)
  })

  it('takes what is usable from wrong types', () => {
    const special = {
      title: 42,
      category: 'Restaurant',
      service: ['dine-in', 7, null, ' '],
      phone: 4255550101,
      lat: '47.74',
      lon: 'east',
      hoursM: { a: 1 },
    }
    const source = item(JSON.stringify(special), { dataCategory: 'retail' })
    // The item's own location stands in for a missing address.
    const business = parseBusiness({ ...source, data: { ...source.data, location: 'Main St, Duvall' } })
    expect(business).toMatchObject({ title: '42', category: 'restaurant', service: ['dine-in', '7'], phone: '4255550101' })
    expect(business).toMatchObject({ lat: null, lon: null, address: 'Main St, Duvall' })
    expect(business.links.map).toBe('https://www.openstreetmap.org/search?query=Main%20St%2C%20Duvall')
    expect(business.week.M).toEqual({ kind: 'unknown', text: '' })
    expect(withSpecial({ lat: 91, lon: 10 }).lat).toBeNull()
    expect(withSpecial({ lat: 10 }, { lat: 47.7, lon: -121.9 })).toMatchObject({ lat: 47.7, lon: -121.9 })
    expect(withSpecial({}, { distance: Number.NaN }).distance).toBe(0)
  })

  it.each([
    ['eatery', 'restaurant'],
    ['restaurant', 'restaurant'],
    ['Cafe', 'cafe'],
    ['Café', 'cafe'],
    ['coffee', 'cafe'],
    ['bar', 'bar'],
    ['pub', 'bar'],
    ['RETAIL', 'retail'],
    ['automotive', 'automotive'],
    ['education', 'education'],
    ['school', 'education'],
    ['entertainment', 'entertainment'],
    ['professional', 'professional'],
    ['service', 'service'],
    ['health', 'health'],
    ['spaceport', 'other'],
    [12, 'other'],
  ])('category %j → %s', (category, expected) => expect(withSpecial({ category }).category).toBe(expected))

  it('falls back to the item’s category, then to other', () => {
    expect(withSpecial({}, { dataCategory: 'health' }).category).toBe('health')
    expect(withSpecial({}).category).toBe('other')
  })

  it('keeps markup as plain text and drops unsafe links', () => {
    const business = withSpecial({
      title: '<script>alert(1)</script>',
      description: '<img src=x onerror=alert(1)>',
      web: 'javascript:alert(1)',
      fb: ' JAVASCRIPT:alert(1)',
      menu: 'data:text/html,<script>alert(1)</script>',
      ordering: '//evil.example/order',
      image: 'java\nscript:alert(1)',
      address: '"><svg onload=alert(1)>',
    })
    expect(business.title).toBe('<script>alert(1)</script>')
    expect(business.description).toBe('<img src=x onerror=alert(1)>')
    expect(business.image).toBeNull()
    expect(business.links).toEqual({
      web: null,
      fb: null,
      menu: null,
      order: null,
      map: 'https://www.openstreetmap.org/search?query=%22%3E%3Csvg%20onload%3Dalert(1)%3E',
    })
  })

  it('trims and caps text', () => {
    const business = withSpecial({
      title: `  ${'t'.repeat(300)}  `,
      description: 'd'.repeat(3000),
      phone: '5'.repeat(500),
      hoursText: ' ',
    })
    expect(business.title).toHaveLength(200)
    expect(business.description).toHaveLength(2000)
    expect(business.phone).toHaveLength(300)
    expect(business.hoursText).toBeNull()
    expect(withSpecial({ title: '   ' }).title).toBe('Item title')
  })
})

describe('safeHttpUrl', () => {
  it.each([
    ['https://example.com/menu', 'https://example.com/menu'],
    ['  http://example.com  ', 'http://example.com/'],
    ['HTTPS://Example.COM/a b', 'https://example.com/a%20b'],
    ['javascript:alert(1)', null],
    [' JavaScript:alert(1)', null],
    ['java\tscript:alert(1)', null],
    ['data:text/html,hi', null],
    ['ftp://example.com', null],
    ['/relative/path', null],
    ['//example.com', null],
    ['example.com', null],
    ['', null],
    [`https://example.com/${'a'.repeat(2000)}`, null],
    [42, null],
    [null, null],
  ])('%j → %j', (value, expected) => expect(safeHttpUrl(value)).toBe(expected))
})

describe('matchesSearch', () => {
  const cafe: Business = withSpecial({
    title: 'Riverbend Café',
    category: 'cafe',
    service: 'dine-in, take-out',
    description: 'Crème brûlée and espresso',
    address: '15612 Main St NE, Duvall',
  })
  it.each([
    ['', true],
    ['   ', true],
    ['cafe', true],
    ['CAFÉ', true],
    ['creme brulee', true],
    ['riverbend main', true],
    ['take-out', true],
    ['cafe', true],
    ['duvall', true],
    ['pizza', false],
    ['riverbend pizza', false],
  ])('%j → %s', (query, expected) => expect(matchesSearch(cafe, query)).toBe(expected))
})

describe('telHref', () => {
  it.each([
    ['(425) 555-0101', 'tel:4255550101'],
    ['+1 425-555-0101', 'tel:+14255550101'],
    ['425.555.0101 ext. 12', 'tel:4255550101'],
    ['425-555-0101 x12', 'tel:4255550101'],
    ['911', 'tel:911'],
    ['call us', null],
    ['12', null],
    ['1'.repeat(16), null],
    ['', null],
    [null, null],
  ])('%j → %j', (phone, expected) => expect(telHref(phone)).toBe(expected))
})
