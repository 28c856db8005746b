import { describe, expect, it } from 'vitest'
import { openNowCount } from '../../../src/lib/dashboard/open-now.ts'
import { nearestCamera, sectionCounts } from '../../../src/lib/dashboard/summary.ts'
import type { Reaction } from '../../../src/lib/items.ts'
import { expandRoads } from '../../../src/lib/live/roads.ts'
import { alertItem } from '../live/alert-item.ts'

const business = (id: number, hours: string) =>
  alertItem({
    id,
    dataAspect: 'local',
    data: {
      lines: [],
      classes: [],
      location: null,
      status: null,
      dataTemplate: null,
      lockResultUntil: null,
      specialData: JSON.stringify({
        title: `Shop ${id}`,
        hoursM: hours,
        hoursTu: hours,
        hoursW: hours,
        hoursTh: hours,
        hoursF: hours,
      }),
    },
  })
const camera = (id: number, distance: number, image: string | null, dataLink: string | null = null) =>
  alertItem({ id, dataAspect: 'cameras', distance, image, dataLink, title: `Camera ${id}` })

describe('sectionCounts', () => {
  const groups = JSON.stringify([
    {
      Title: 'SR 203',
      Distance: 1,
      Items: [
        { Priority: 'Warning', Title: 'Lane closed' },
        { Priority: 'Info', Title: 'Open' },
      ],
    },
  ])
  const reaction: Reaction = {
    statuses: { messages: [alertItem({ id: 1 }), alertItem({ id: 2 })] },
    roads: {
      messages: [
        alertItem({ id: 3, dataAspect: 'roads', data: { ...alertItem({ id: 3 }).data, specialData: groups } }),
        alertItem({ id: 4, dataAspect: 'roads' }),
      ],
    },
    cameras: { messages: [camera(5, 1, null)] },
    local: { messages: [business(6, '9am-5pm'), business(7, '6pm-11pm'), business(8, 'closed')] },
  }
  const roads = expandRoads(reaction.roads.messages).entries
  // Thursday 2026-01-15, 10:00 in Seattle (18:00 UTC).
  const thursdayMorning = new Date('2026-01-15T18:00:00Z')

  it('counts what each section page lists, roads by expanded entry', () => {
    expect(roads).toHaveLength(3)
    expect(sectionCounts(reaction, roads)).toEqual({ statuses: 2, cameras: 1, roads: 3 })
    expect(openNowCount(reaction, thursdayMorning, 'America/Los_Angeles')).toBe(1)
  })

  it('decides open now in the place’s own time zone', () => {
    // The same instant is 13:00 in New York and 03:00 the next day in Tokyo.
    expect(openNowCount(reaction, thursdayMorning, 'America/New_York')).toBe(1)
    expect(openNowCount(reaction, thursdayMorning, 'Asia/Tokyo')).toBe(0)
    // 20:00 in Seattle: the evening place is open.
    expect(openNowCount(reaction, new Date('2026-01-16T04:00:00Z'), 'America/Los_Angeles')).toBe(1)
  })

  it('counts a section missing from a partial answer as empty', () => {
    const partial = { statuses: { messages: [] } } as unknown as Reaction
    expect(sectionCounts(partial, [])).toEqual({ statuses: 0, cameras: 0, roads: 0 })
    expect(openNowCount(partial, thursdayMorning, 'UTC')).toBe(0)
  })
})

describe('nearestCamera', () => {
  it('picks the nearest camera with an http(s) still', () => {
    const found = nearestCamera([camera(1, 3, 'https://cams.example/1.jpg'), camera(2, 1.5, 'https://cams.example/2.jpg')])
    expect([found?.item.id, found?.image]).toEqual([2, 'https://cams.example/2.jpg'])
  })

  it('passes over a nearer camera without a usable picture', () => {
    const found = nearestCamera([
      camera(1, 0.5, 'javascript:alert(1)'),
      camera(2, 0.7, null),
      camera(3, 4, 'http://cams.example/3.jpg'),
    ])
    expect(found?.item.id).toBe(3)
  })

  it('reads the still from the data link when the image is empty', () => {
    expect(nearestCamera([camera(1, 1, '', 'https://cams.example/link.jpg')])?.image).toBe('https://cams.example/link.jpg')
  })

  it('falls back to the nearest camera when none has a picture', () => {
    const found = nearestCamera([camera(1, 2, null), camera(2, 1, 'data:image/png;base64,AAAA')])
    expect([found?.item.id, found?.image]).toEqual([2, null])
  })

  it('keeps the API order for equal distances and puts unknown distances last', () => {
    expect(
      nearestCamera([
        camera(1, Number.NaN, 'https://a.example/x.jpg'),
        camera(2, 1, 'https://a.example/2.jpg'),
        camera(3, 1, 'https://a.example/3.jpg'),
      ])?.item.id,
    ).toBe(2)
  })

  it('is null without cameras', () => {
    expect(nearestCamera([])).toBeNull()
  })
})
