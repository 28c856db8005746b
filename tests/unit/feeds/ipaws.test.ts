import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { capCircle, capRing, capShape, sameZone } from '../../../server/feeds/adapters/cap-area.ts'
import { capCategory } from '../../../server/feeds/adapters/cap-category.ts'
import { referencedIdentifiers } from '../../../server/feeds/adapters/cap.ts'
import { cursorTime, decodeIpaws } from '../../../server/feeds/adapters/ipaws.ts'
import { distanceToShape, toShape } from '../../../server/feeds/geometry.ts'
import type { DecodeContext, FeedItem } from '../../../server/feeds/types.ts'

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/feeds/ipaws/${name}`, import.meta.url), 'utf8')
const context: DecodeContext = { feedId: 'ipaws-public', now: new Date('2026-11-23T18:00:00Z'), options: {} }
const decoded = decodeIpaws(fixture('recent.xml'), context)
const byId = (id: string): FeedItem | undefined => decoded.items.find((item) => item.sourceId === id)
/** Miles from a point to an item's shape (0 inside). */
const miles = (lat: number, lon: number, item: FeedItem) => distanceToShape(lat, lon, toShape(item.geometry!))
const EVAC = 'WA-KING-2026-11-23-EVAC-001'
const WIND = 'urn:oid:2.49.0.1.840.0.5e1a7c9b3d2f4e6a8b0c1d3e5f7a9b2c4d6e8f01.001.1'

describe('IPAWS CAP decoding', () => {
  it('makes one status item per alert shown, leaving out tests, cancels, and what updates and cancels replace', () => {
    expect(decoded.items.map((item) => item.sourceId).sort()).toEqual(
      [EVAC, 'WA-KING-2026-11-23-BOIL-007', WIND, 'WA-SNOH-2026-11-23-SHELTER-003'].sort(),
    )
    expect(decoded.skipped).toBe(0)
    expect(decoded.incremental).toBe(true)
    // The Update and the Cancel end their references in earlier runs too.
    expect(decoded.ends?.sort()).toEqual(['WA-KING-2026-11-23-LEW-004', 'WA-SNOH-2026-11-23-SHELTER-002'])
    // The newest sent time of the body, any message type or status, in UTC to the second.
    expect(decoded.cursor).toBe('2026-11-23T17:30:00Z')
  })

  it('reads an evacuation order: category, priority, text, sender, times, polygon in GeoJSON order', () => {
    const evac = byId(EVAC)!
    expect(evac).toMatchObject({
      aspect: 'statuses',
      title: 'Evacuation Immediate: Duvall and the lower Snoqualmie Valley',
      dataCategory: 'local',
      category: 'Evacuation Immediate',
      priority: 'Critical',
      state: 'active',
      link: 'https://kingcounty.gov/emergency',
      startsAt: '2026-11-23T17:05:12.000Z',
      endsAt: '2026-11-24T05:05:12.000Z',
      areaMiles: 0,
      attribution: { name: 'King County Office of Emergency Management via FEMA IPAWS', url: 'https://kingcounty.gov/emergency' },
    })
    // Headline, what to do, the description, the areas.
    expect(evac.lines).toEqual([
      'Evacuate now: Snoqualmie River levee breach near Duvall',
      'Leave now by Duvall-Monroe Road. Shelter at Cedarcrest High School, 29000 NE 150th St.',
      'The Snoqualmie River levee has breached north of Duvall. Flood water is rising quickly on Main Street and Woodinville-Duvall Road.',
      'Residents between NE Cherry Valley Road and NE 124th Street must leave now.',
      expect.any(String),
    ])
    // CAP writes "lat,lon"; GeoJSON [lon, lat]. Duvall is inside, Seattle is not.
    expect(evac.geometry?.type).toBe('Polygon')
    expect(miles(47.74, -121.99, evac)).toBe(0)
    expect(miles(47.61, -122.33, evac)).toBeGreaterThan(10)
    expect(evac.zones).toBeUndefined()
  })

  it('keeps the Spanish info block as a translation of the same item', () => {
    const evac = byId(EVAC)!
    const special = JSON.parse(evac.specialData!) as { translations: Record<string, { title: string; lines: string[] }> }
    expect(Object.keys(special.translations)).toEqual(['es'])
    expect(special.translations['es']!.title).toBe('Evacuación inmediata: Duvall y el valle bajo del Snoqualmie')
    expect(special.translations['es']!.lines[0]).toBe('Evacúe ahora: rotura del dique del río Snoqualmie cerca de Duvall')
    expect(special.translations['es']!.lines).toHaveLength(5)
    expect(JSON.parse(byId(WIND)!.specialData!)).not.toHaveProperty('translations')
  })

  it('gives a SAME-coded alert without polygon its NWS county zone, and decodes entities', () => {
    const boil = byId('WA-KING-2026-11-23-BOIL-007')!
    expect(boil.geometry).toBeNull()
    expect(boil.zones).toEqual(['https://api.weather.gov/zones/county/WAC033'])
    expect(boil.dataCategory).toBe('services')
    expect(boil.priority).toBe('Warning')
    expect(boil.attribution.name).toBe('Public Health – Seattle & King County via FEMA IPAWS')
    const local = decodeIpaws(fixture('recent.xml'), { ...context, options: { zoneBase: 'http://127.0.0.1:9/zones/county/' } })
    expect(local.items.find((item) => item.sourceId === boil.sourceId)?.zones).toEqual(['http://127.0.0.1:9/zones/county/WAC033'])
  })

  it('turns a circle into a polygon around its centre, and an Update carries its references as aliases', () => {
    const shelter = byId('WA-SNOH-2026-11-23-SHELTER-003')!
    expect(shelter.lines[0]).toBe('Chemical leak at Monroe rail yard: shelter area widened to 4 km')
    expect(shelter.aliases).toEqual(['WA-SNOH-2026-11-23-SHELTER-002'])
    expect(miles(47.855, -121.971, shelter)).toBe(0)
    // 4 km is 2.5 miles: 3 miles north is outside, 2 miles inside.
    expect(miles(47.855 + 3 / 69, -121.971, shelter)).toBeGreaterThan(0)
    expect(miles(47.855 + 2 / 69, -121.971, shelter)).toBe(0)
  })

  it('leaves out alerts that ended, and marks one not yet begun as pending', () => {
    const later = decodeIpaws(fixture('recent.xml'), { ...context, now: new Date('2026-11-24T06:00:00Z') })
    expect(later.items.map((item) => item.sourceId)).toEqual(['WA-KING-2026-11-23-BOIL-007'])
    const early = decodeIpaws(fixture('recent.xml'), { ...context, now: new Date('2026-11-23T16:50:00Z') })
    expect(early.items.find((item) => item.sourceId === WIND)?.state).toBe('pending')
  })

  it('reads a Cancel of an earlier run as an end, and an empty answer as nothing new', () => {
    expect(decodeIpaws(fixture('cancel.xml'), context)).toMatchObject({
      items: [],
      skipped: 0,
      ends: ['WA-KING-2026-11-23-BOIL-007'],
      cursor: '2026-11-23T17:45:00Z',
    })
    expect(decodeIpaws(fixture('empty.xml'), context)).toMatchObject({ items: [], skipped: 0, ends: [], cursor: null })
  })

  it('skips and counts an alert with no usable area, keeping the others', () => {
    const body = fixture('recent.xml').replace('<circle>47.855,-121.971 4</circle>', '<circle>not a circle</circle>')
    const result = decodeIpaws(body, context)
    expect(result.skipped).toBe(1)
    expect(result.errors[0]).toContain('WA-SNOH-2026-11-23-SHELTER-003')
    expect(result.items).toHaveLength(3)
  })

  it('throws on a body that is not CAP, so the feed keeps its items', () => {
    expect(() => decodeIpaws('<html><body>Service Unavailable</body></html>', context)).toThrow(/not a CAP/)
    expect(() => decodeIpaws('{"alerts": []}', context)).toThrow(/not a CAP/)
    // Cut short (a dropped connection): the whole body fails, nothing of it is stored.
    expect(() => decodeIpaws(fixture('recent.xml').slice(0, 5000), context)).toThrow(/not XML/)
    // Broken inside: the broken alert counts as bad, and a body of only bad alerts fails in the engine.
    expect(decodeIpaws('<alerts><alert><identifier>x</alert></alerts>', context)).toMatchObject({ items: [], skipped: 1 })
  })
})

describe('CAP pieces', () => {
  it('reads references as identifiers', () => {
    expect(referencedIdentifiers('a@b,ID-1,2026-11-23T06:00:00-08:00 a@b,ID-2,2026-11-23T07:00:00-08:00')).toEqual([
      'ID-1',
      'ID-2',
    ])
    expect(referencedIdentifiers(null)).toEqual([])
  })

  it('maps SAME county codes to NWS county zones, never a whole state or an unknown one', () => {
    expect(sameZone('053033')).toBe('https://api.weather.gov/zones/county/WAC033')
    expect(sameZone('106001')).toBe('https://api.weather.gov/zones/county/CAC001')
    expect(sameZone('053000')).toBeNull()
    expect(sameZone('003001')).toBeNull()
    expect(sameZone('53033')).toBeNull()
  })

  it('reads polygons latitude first and refuses malformed ones', () => {
    expect(capRing('47.6,-122.4 47.7,-122.4 47.7,-122.3')).toEqual([
      [-122.4, 47.6],
      [-122.4, 47.7],
      [-122.3, 47.7],
      [-122.4, 47.6],
    ])
    expect(capRing('47.6,-122.4 47.7,-122.4')).toBeNull()
    expect(capRing('47.6,-122.4 97.7,-122.4 47.7,-122.3')).toBeNull()
    expect(capRing('47.6,-122.4,3 47.7,-122.4 47.7,-122.3')).toBeNull()
    expect(capCircle('47.6,-122.3 0')).toHaveLength(33)
    expect(capCircle('47.6,-122.3 -1')).toBeNull()
    expect(capCircle('47.6,-122.3')).toBeNull()
  })

  it('prefers shapes over county codes, and joins several areas', () => {
    const area = (fields: object) => ({ areaDesc: null, polygons: [], circles: [], same: [], ugc: [], ...fields })
    // King and Snohomish counties from the packaged Census layer, merged: Duvall and Everett inside, Tacoma not.
    const counties = capShape([area({ same: ['053033'] }), area({ same: ['053033', '053061'] })])
    expect(counties.zones).toEqual([])
    const inside = (lat: number, lon: number) => distanceToShape(lat, lon, toShape(counties.geometry!)) === 0
    expect([inside(47.742, -121.986), inside(47.979, -122.202), inside(47.253, -122.444)]).toEqual([true, true, false])
    const both = capShape([
      area({ polygons: ['47.6,-122.4 47.7,-122.4 47.7,-122.3'], same: ['053033'] }),
      area({ circles: ['47,-122 3'] }),
    ])
    expect(both.geometry?.type).toBe('MultiPolygon')
    expect(both.zones).toEqual([])
  })

  it('places events in the SPEC categories', () => {
    expect(capCategory('Child Abduction Emergency', ['CAE'], ['Rescue'])).toBe('local')
    expect(capCategory('911 Telephone Outage Emergency', ['TOE'], ['Safety'])).toBe('services')
    expect(capCategory('Boil Water Notice', [], ['Health'])).toBe('services')
    expect(capCategory('Hazardous Materials Warning', ['HMW'], ['CBRNE'])).toBe('local')
    expect(capCategory('Winter Storm Warning', ['WSW'], ['Met'])).toBe('weather')
    expect(capCategory('Road Closure', [], ['Transport'])).toBe('traffic')
    expect(capCategory('Something', [], [])).toBe('other')
  })

  it('formats the cursor as the recent/{timestamp} path wants it', () => {
    expect(cursorTime('2026-11-23T09:20:00-08:00')).toBe('2026-11-23T17:20:00Z')
    expect(cursorTime('yesterday')).toBeNull()
  })
})

describe('hostile CAP', () => {
  const good = fixture('recent.xml')

  it('refuses entity expansion (billion laughs) at once', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE alerts [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;"><!ENTITY lol9 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">]><alerts><alert><identifier>&lol9;</identifier><sent>2026-11-23T09:00:00-08:00</sent></alert></alerts>`
    const started = performance.now()
    expect(() => decodeIpaws(laughs, context)).toThrow(/document type/)
    expect(performance.now() - started).toBeLessThan(100)
    // A document type hidden after the declaration's whitespace, in any case.
    expect(() => decodeIpaws(good.replace('<ns1:alerts', '<!doctype x><ns1:alerts'), context)).toThrow(/document type/)
  })

  it('refuses deep nesting without a stack overflow', () => {
    const deep = `<alerts><alert>${'<info>'.repeat(100_000)}${'</info>'.repeat(100_000)}</alert></alerts>`
    const started = performance.now()
    expect(() => decodeIpaws(deep, context)).toThrow(/not XML/)
    expect(performance.now() - started).toBeLessThan(1_000)
  })

  it('reads past a huge attribute and still finds the alerts', () => {
    const huge = good.replace(
      '<identifier>WA-KING-2026-11-23-EVAC-001',
      `<identifier data-x="${'A'.repeat(5_000_000)}">WA-KING-2026-11-23-EVAC-001`,
    )
    const started = performance.now()
    const result = decodeIpaws(huge, context)
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(result.items.map((item) => item.sourceId)).toContain(EVAC)
  })

  it('keeps a numeric character reference as text and never decodes HTML entities into markup', () => {
    const body = good.replace('Evacuate now: Snoqualmie', 'Evacuate &#60;now&#62; &lt;script&gt; Snoqualmie')
    const evac = decodeIpaws(body, context).items.find((item) => item.sourceId === EVAC)!
    // Text is stored as text; the page escapes it. What matters: no throw, the rest intact.
    expect(evac.lines[0]).toContain('<script>')
    expect(evac.lines).toHaveLength(5)
  })
})

describe('CAP text and places (issue 37)', () => {
  /** One alert of the evacuation fixture with its info's text replaced by `info` elements. */
  const alertWith = (info: string) =>
    `<alerts xmlns="urn:oasis:names:tc:emergency:cap:1.2"><alert><identifier>x-1</identifier><sent>2026-11-23T17:00:00Z</sent>
<status>Actual</status><msgType>Alert</msgType><info><language>en-US</language><category>Safety</category>
<event>Child Abduction Emergency</event><urgency>Immediate</urgency><severity>Severe</severity><expires>2026-11-23T23:00:00Z</expires>
${info}<area><areaDesc>King, WA</areaDesc><circle>47.6,-122.3 5</circle></area></info></alert></alerts>`
  const one = (info: string) => decodeIpaws(alertWith(info), context).items[0]!

  it('uses CMAMlongtext before CMAMtext when there is no description, and keeps the contact', () => {
    const item = one(`<contact>Call 911 or the King County Sheriff at 206-296-3311</contact>
<parameter><valueName>CMAMtext</valueName><value>AMBER Alert: white Honda, WA plate ABC1234</value></parameter>
<parameter><valueName>CMAMlongtext</valueName><value>AMBER Alert in King County: a white 2014 Honda Civic, WA plate ABC1234.</value></parameter>`)
    expect(item.lines).toEqual([
      'AMBER Alert in King County: a white 2014 Honda Civic, WA plate ABC1234.',
      'King, WA',
      'Call 911 or the King County Sheriff at 206-296-3311',
    ])
    expect(JSON.parse(item.specialData!)).toEqual({
      message: { headline: 0, instruction: 0, description: 1, areas: 1, contact: 1 },
    })
  })

  it('keeps a description over the WEA texts, and never drops the instruction for a long description', () => {
    const long = Array.from({ length: 80 }, (_, i) => `Paragraph ${i}.`).join('\n\n')
    const item = one(`<description>${long}</description><instruction>Call 911 if you see the car.</instruction>
<parameter><valueName>CMAMtext</valueName><value>short</value></parameter>`)
    expect(item.lines[0]).toBe('Call 911 if you see the car.')
    expect(item.lines).toHaveLength(60)
    expect(item.lines).not.toContain('short')
    expect(item.lines.at(-1)).toBe('King, WA')
  })

  it('places a UGC-coded info on its forecast, fire or county zones before its SAME counties', () => {
    const area = (fields: object) => ({ areaDesc: null, polygons: [], circles: [], same: [], ugc: [], ...fields })
    expect(capShape([area({ same: ['053033'], ugc: ['WAZ558', 'PZZ130', 'WAC061'] })]).zones).toEqual([
      'https://api.weather.gov/zones/forecast/WAZ558',
      'https://api.weather.gov/zones/forecast/PZZ130',
      'https://api.weather.gov/zones/county/WAC061',
    ])
    expect(capShape([area({ ugc: ['WAZ654'] })], undefined, 'Red Flag Warning').zones).toEqual([
      'https://api.weather.gov/zones/fire/WAZ654',
    ])
    // King County with Vashon Island: two polygons.
    expect(capShape([area({ same: ['053033'], ugc: ['nonsense'] })]).geometry?.type).toBe('MultiPolygon')
  })

  it('asks NWS for every county of an info when one of them is not in the packaged layer', () => {
    const area = (fields: object) => ({ areaDesc: null, polygons: [], circles: [], same: [], ugc: [], ...fields })
    // Chugach Census Area (02063) was made in 2019, after the layer's 2017 edition; Anchorage (02020) is in it.
    expect(capShape([area({ same: ['002020', '002063'] })])).toMatchObject({
      geometry: null,
      zones: ['https://api.weather.gov/zones/county/AKC020', 'https://api.weather.gov/zones/county/AKC063'],
    })
    expect(capShape([area({ same: ['002020'] })])).toMatchObject({ geometry: { type: 'MultiPolygon' }, zones: [] })
    // A whole state (county 000) is no county: nothing to place.
    expect(capShape([area({ same: ['024000'] })])).toMatchObject({ geometry: null, zones: [] })
  })

  it('gives the Spanish block its own parts', () => {
    const special = JSON.parse(byId(EVAC)!.specialData!) as { translations: Record<string, { lines: string[]; message: object }> }
    const es = special.translations['es']!
    expect(es.message).toEqual({ headline: 1, instruction: 1, description: 2, areas: 1, contact: 0 })
    expect(es.lines).toHaveLength(5)
  })
})

describe('IPAWS character references', () => {
  it('decodes numeric character references once, and leaves HTML entity names and escaped references as written', () => {
    const body = fixture('recent.xml').replace(
      '<headline>Evacuate now: Snoqualmie River levee breach near Duvall</headline>',
      '<headline>Evacuate now: Caf&#233; &#x2019;s levee &amp;#233; &nbsp;x</headline>',
    )
    const item = decodeIpaws(body, context).items.find((each) => each.sourceId === EVAC)!
    expect(item.lines[0]).toBe('Evacuate now: Café ’s levee &#233; &nbsp;x')
  })
})
