import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { categoryOf } from '../../../server/feeds/overpass/categories.ts'
import { decodeOverpass } from '../../../server/feeds/overpass/decode.ts'
import { cellOf, overpassQuery } from '../../../server/feeds/overpass/query.ts'

const fixture = (name: string): string => readFileSync(new URL(`../../fixtures/feeds/overpass/${name}`, import.meta.url), 'utf8')
const SNOQUALMIE = { lat: 47.5287, lon: -121.8254, state: 'WA', timeZone: 'America/Los_Angeles' }
const NOW = new Date('2026-11-23T18:00:00Z')

describe('decodeOverpass', () => {
  const result = decodeOverpass(fixture('snoqualmie.json'), SNOQUALMIE, NOW)
  const special = (id: string): Record<string, unknown> =>
    JSON.parse(result.items.find((item) => item.sourceId === id)?.specialData ?? '{}') as Record<string, unknown>

  it('keeps named nodes, ways with centres and relations, keyed type/id', () => {
    expect(result.items.map((item) => item.sourceId)).toEqual([
      'node/4410023001',
      'way/305112233',
      'node/4410023002',
      'node/4410023003',
      'node/4410023004',
      'node/4410023005',
      'relation/99001',
    ])
  })

  it('skips elements without a name, a centre or an id, saying why', () => {
    expect(result.skipped).toBe(3)
    expect(result.errors).toEqual([
      'node/4410023006: no name',
      'way/305112234: no position (a way needs "out center")',
      'element 9: no type/id',
    ])
  })

  it('maps tags to the SPEC business record', () => {
    expect(special('node/4410023001')).toMatchObject({
      category: 'cafe',
      title: 'Falls Espresso',
      service: ['Coffee shop', 'Bagel'],
      phone: '+1 425-555-0142',
      address: '8102 Railroad Avenue SE, Snoqualmie 98065',
      web: 'https://fallsespresso.example/',
      fb: 'https://www.facebook.com/fallsespresso',
      hoursText: 'Mo-Fr 06:00-15:00; Sa,Su 07:00-14:00; PH off',
      hoursFrom: '2026-11-22',
      source: 'osm',
    })
    expect(special('way/305112233')).toMatchObject({
      category: 'retail',
      phone: '(425) 555-0199',
      web: 'http://valleymarket.example/',
    })
    expect(special('node/4410023002')).toMatchObject({ category: 'bar', service: ['Food'] })
    expect(result.items[0]).toMatchObject({
      aspect: 'local',
      title: 'Falls Espresso',
      lat: 47.5287,
      lon: -121.8254,
      link: 'https://fallsespresso.example/',
      attribution: { name: 'OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' },
    })
  })

  it('keeps hours it cannot parse as written, without evaluated days', () => {
    const odd = special('node/4410023003')
    expect(odd['hoursText']).toBe('sometimes, ask Bob')
    expect(odd['hoursDays']).toBeUndefined()
  })

  it('evaluates Thanksgiving closed for PH off and keeps 24/7 open', () => {
    expect((special('node/4410023001')['hoursDays'] as string[]).slice(0, 6)).toEqual([
      '420-840',
      '360-900',
      '360-900',
      '360-900',
      '',
      '360-900',
    ])
    expect((special('way/305112233')['hoursDays'] as string[]).every((day) => day === '0-1440')).toBe(true)
  })

  it('drops a javascript: website', () => {
    expect(special('node/4410023005')).toMatchObject({ category: 'automotive', web: null })
  })

  it('throws on an answer with a remark and no elements (timeouts) and on non-JSON', () => {
    expect(() => decodeOverpass(fixture('remark.json'), SNOQUALMIE, NOW)).toThrow(/Query timed out/)
    expect(() => decodeOverpass('<html>rate limited</html>', SNOQUALMIE, NOW)).toThrow(/not JSON/)
  })
})

describe('categoryOf (the documented tag table)', () => {
  it.each([
    [{ amenity: 'restaurant' }, 'restaurant'],
    [{ amenity: 'fast_food' }, 'restaurant'],
    [{ amenity: 'cafe' }, 'cafe'],
    [{ shop: 'bakery' }, 'cafe'],
    [{ amenity: 'pub' }, 'bar'],
    [{ amenity: 'cinema' }, 'entertainment'],
    [{ amenity: 'pharmacy' }, 'health'],
    [{ healthcare: 'physiotherapist' }, 'health'],
    [{ amenity: 'school' }, 'education'],
    [{ amenity: 'fuel' }, 'automotive'],
    [{ shop: 'car_repair' }, 'automotive'],
    [{ amenity: 'bank' }, 'service'],
    [{ shop: 'hairdresser' }, 'service'],
    [{ craft: 'plumber' }, 'service'],
    [{ office: 'accountant' }, 'professional'],
    [{ shop: 'books' }, 'retail'],
    [{ tourism: 'museum' }, 'other'],
  ])('%j is %s', (tags, category) => {
    expect(categoryOf(tags)).toBe(category)
  })
})

describe('the query', () => {
  it('asks for one cell with centres and a cap', () => {
    const cell = cellOf(47.5287, -121.8254)
    expect(cell).toEqual({ key: '950:-2437', south: 47.5, west: -121.85, north: 47.55, east: -121.8 })
    const query = overpassQuery(cell)
    expect(query).toContain('nwr["shop"]["name"](47.5,-121.85,47.55,-121.8);')
    expect(query).toContain('out center tags 400;')
    expect(query).toMatch(/amenity"~"\^\(restaurant\|fast_food/)
  })
})
