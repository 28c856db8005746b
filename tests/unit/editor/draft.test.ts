import { describe, expect, it } from 'vitest'
import {
  draftFromRecord,
  fromRawJson,
  isLocked,
  lockUntil,
  newDraft,
  problems,
  type Problem,
  toPayload,
  type Draft,
} from '../../../src/lib/editor/draft.ts'
import type { ItemRecord } from '../../../server/lib/item-view.ts'

const record: ItemRecord = {
  id: 12,
  priority: 'Warning',
  stateType: null,
  state: 'pending',
  title: 'Cherry Valley Elementary',
  class: null,
  image: null,
  link: 'https://schools.example.org',
  icon: null,
  dataLink: null,
  dataLinkType: null,
  valueChanged: null,
  retrieved: null,
  isOld: false,
  dataCategory: 'school',
  category: 'Late start',
  dataAspect: 'statuses',
  dataProperty: 'manager',
  lat: 47.74,
  lon: -121.98,
  pageName: 'wa/duvall',
  cityName: 'Duvall',
  lines: ['Two hours late', 'Buses on snow routes'],
  classes: [],
  location: null,
  status: null,
  dataTemplate: null,
  specialData: null,
  lockResultUntil: '2026-11-23T12:00:00.000Z',
  isActive: true,
  order: 3,
  areaMiles: 10,
  layer: 0,
  fetchError: null,
  nextFetchAt: null,
  hasEditKey: false,
  isDemo: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
}

describe('draftFromRecord and toPayload', () => {
  it('round-trips every field of the manage payload (SPEC section 3)', () => {
    const payload = toPayload(draftFromRecord(record))
    expect(payload).toEqual({
      Id: 12,
      Title: 'Cherry Valley Elementary',
      DataAspect: 'statuses',
      DataProperty: 'manager',
      IsActive: true,
      Order: 3,
      AreaMiles: 10,
      SpecialData: null,
      State: 'pending',
      Priority: 'Warning',
      Link: 'https://schools.example.org',
      Image: null,
      Lines: ['Two hours late', 'Buses on snow routes'],
      DataCategory: 'school',
      Category: 'Late start',
      PageName: 'wa/duvall',
      CityName: 'Duvall',
      Lat: 47.74,
      Lon: -121.98,
      DataTemplate: null,
    })
  })

  it('sanitises as SPEC section 5 says: trimmed title and state, empty link and image null, blank lines dropped', () => {
    const draft: Draft = {
      ...newDraft({ aspect: 'statuses', cityName: 'Duvall' }),
      title: '  Snow  ',
      state: ' closed ',
      lines: 'a\n\n b  \n',
    }
    expect(toPayload(draft)).toMatchObject({ Id: 0, Title: 'Snow', State: 'closed', Link: null, Image: null, Lines: ['a', ' b'] })
    expect(toPayload(draft)).not.toHaveProperty('Lat')
  })

  it('starts a new item with the SPEC defaults and the scoped user’s page', () => {
    expect(newDraft({ aspect: 'local', pageName: 'wa/carnation' })).toMatchObject({
      id: null,
      dataAspect: 'local',
      isActive: true,
      areaMiles: '10',
      priority: 'Normal',
      pageName: 'wa/carnation',
    })
    expect(toPayload(newDraft({ aspect: 'local' }))).not.toHaveProperty('DataTemplate')
  })
})

describe('problems', () => {
  const base = draftFromRecord(record)
  it.each<[Partial<Draft>, Problem[]]>([
    [{}, []],
    [{ title: '   ' }, [{ field: 'title', code: 'title_required' }]],
    [{ title: 'x'.repeat(200) }, [{ field: 'title', code: 'title_too_long' }]],
    [{ specialData: '{oops' }, [{ field: 'specialData', code: 'special_data_json' }]],
    [{ link: 'javascript:alert(1)' }, [{ field: 'link', code: 'link_url' }]],
    [{ image: 'not a url' }, [{ field: 'image', code: 'image_url' }]],
    [{ lat: '47.7', lon: '' }, [{ field: 'lon', key: 'edit.pointBoth' }]],
    [{ lat: '91' }, [{ field: 'lat', key: 'edit.latRange' }]],
    [{ lon: 'east' }, [{ field: 'lon', key: 'edit.lonRange' }]],
    [{ areaMiles: '0' }, [{ field: 'areaMiles', key: 'edit.areaRange' }]],
    [{ areaMiles: '501' }, [{ field: 'areaMiles', key: 'edit.areaRange' }]],
    [{ order: '1.5' }, [{ field: 'order', key: 'edit.orderWhole' }]],
    [{ pageName: 'Duvall, WA' }, [{ field: 'pageName', key: 'edit.pageRoute' }]],
    [{ pageName: 'WA/Duvall' }, []],
  ])('%j', (patch, expected) => {
    expect(problems({ ...base, ...patch })).toEqual(expected)
  })

  it('asks a new item for a place', () => {
    const draft = { ...newDraft({ aspect: 'statuses' }), title: 'Road closed' }
    expect(problems(draft)).toEqual([{ field: 'cityName', key: 'edit.placeNeeded' }])
    expect(problems({ ...draft, cityName: 'Duvall' })).toEqual([])
  })

  it('gives every SPEC message at once, in the SPEC order', () => {
    const found = problems({ ...base, title: '', link: 'ftp://x', image: 'y' })
    expect(found).toEqual([
      { field: 'title', code: 'title_required' },
      { field: 'link', code: 'link_url' },
      { field: 'image', code: 'image_url' },
    ])
  })
})

describe('fromRawJson', () => {
  it('accepts known fields of the right type, null included', () => {
    expect(fromRawJson('{"Id": 3, "Title": "Ok", "Lines": ["a"], "Link": null, "IsActive": false}')).toEqual({
      ok: true,
      payload: { Id: 3, Title: 'Ok', Lines: ['a'], Link: null, IsActive: false },
    })
  })
  it.each([
    ['{', { ok: false, key: 'edit.rawInvalid' }],
    ['[1]', { ok: false, key: 'edit.rawObject' }],
    ['null', { ok: false, key: 'edit.rawObject' }],
    ['{"Title": "x", "Hack": 1}', { ok: false, key: 'edit.rawUnknown', field: 'Hack' }],
    ['{"Title": 3}', { ok: false, key: 'edit.rawType', field: 'Title' }],
    ['{"Title": "x", "Lines": "a"}', { ok: false, key: 'edit.rawType', field: 'Lines' }],
    ['{"Title": "x", "Order": "1"}', { ok: false, key: 'edit.rawType', field: 'Order' }],
    ['{"Title": " "}', { ok: false, problems: [{ code: 'title_required' }] }],
    ['{"Title": "x", "Link": "javascript:x"}', { ok: false, problems: [{ code: 'link_url' }] }],
  ])('%s', (text, expected) => {
    expect(fromRawJson(text)).toEqual(expected)
  })
})

describe('lockUntil (SPEC section 4 choices)', () => {
  const now = new Date('2026-11-22T12:00:00Z')
  it.each([
    ['1hour', '2026-11-22T13:00:00.000Z'],
    ['4hours', '2026-11-22T16:00:00.000Z'],
    ['1day', '2026-11-23T12:00:00.000Z'],
    ['2days', '2026-11-24T12:00:00.000Z'],
    ['1week', '2026-11-29T12:00:00.000Z'],
  ] as const)('%s', (choice, until) => {
    expect(lockUntil(choice, now)?.toISOString()).toBe(until)
  })
  it('takes a custom local date and time only in the future', () => {
    expect(lockUntil('custom', now, '2026-12-01T08:30')?.getTime()).toBe(new Date('2026-12-01T08:30').getTime())
    expect(lockUntil('custom', now, '2020-01-01T00:00')).toBeNull()
    expect(lockUntil('custom', now, '')).toBeNull()
    expect(lockUntil('custom', now, 'tomorrow')).toBeNull()
  })
  it('tells a live lock from an ended or missing one', () => {
    expect(isLocked('2026-11-23T12:00:00.000Z', now.getTime())).toBe(true)
    expect(isLocked('2026-11-21T12:00:00.000Z', now.getTime())).toBe(false)
    expect(isLocked(null, now.getTime())).toBe(false)
    expect(isLocked('garbage', now.getTime())).toBe(false)
  })
})
