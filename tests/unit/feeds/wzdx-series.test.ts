// Which WZDx events are one work zone (server/feeds/adapters/wzdx-series.ts): a closure republished per day merges;
// concurrent closures, other stretches and other segments stay apart.
import { describe, expect, it } from 'vitest'
import { readEvent, type WzdxEvent } from '../../../server/feeds/adapters/wzdx-read.ts'
import { schedule, workZones } from '../../../server/feeds/adapters/wzdx-series.ts'

/** A v4 event on I-80 westbound near Des Moines; each test changes what it is about. */
function event(id: string, start: string, end: string, change: Record<string, unknown> = {}): WzdxEvent {
  const { shift = 0, cross = 'NE 46th St', ...props } = change as { shift?: number; cross?: string }
  return readEvent({
    type: 'Feature',
    id,
    properties: {
      core_details: { event_type: 'work-zone', data_source_id: '1', road_names: ['I-80'], direction: 'westbound' },
      start_date: start,
      end_date: end,
      beginning_cross_street: cross,
      ending_cross_street: 'US 65',
      vehicle_impact: 'some-lanes-closed',
      ...props,
    },
    geometry: {
      type: 'LineString',
      coordinates: [
        [-93.5373 + shift, 41.6579],
        [-93.5573 + shift, 41.6581],
      ],
    },
  })
}
const day = (n: number, from = 14, to = 24) =>
  [`2026-12-0${n}T${String(from).padStart(2, '0')}:00:00Z`, new Date(Date.UTC(2026, 11, n, to)).toISOString()] as const
const ids = (events: WzdxEvent[]) => workZones(events).map((series) => series.map((one) => one.id))

describe('workZones', () => {
  it('merges a closure published once per day, in order of start', () => {
    expect(ids([event('c', ...day(4)), event('a', ...day(2)), event('b', ...day(3))])).toEqual([['a', 'b', 'c']])
  })

  it('merges a shape redrawn a few metres off, not one a segment away', () => {
    // 0.0005° of longitude is about 42 m here; 0.01° about 830 m.
    expect(ids([event('a', ...day(2)), event('b', ...day(3), { shift: 0.0005 })])).toEqual([['a', 'b']])
    expect(ids([event('a', ...day(2)), event('b', ...day(3), { shift: 0.01 })])).toEqual([['a'], ['b']])
  })

  it('keeps apart closures at the same time, other cross streets, and gaps over a week', () => {
    expect(ids([event('a', ...day(2)), event('b', ...day(2))])).toEqual([['a'], ['b']])
    expect(ids([event('a', ...day(2)), event('b', ...day(3), { cross: 'Hubbell Ave' })])).toEqual([['a'], ['b']])
    const later = event('b', '2026-12-11T14:00:00Z', '2026-12-12T00:00:00Z')
    expect(ids([event('a', ...day(2)), later])).toEqual([['a'], ['b']])
  })

  it('gives the schedule of a series and none for a single event', () => {
    const [series] = workZones([event('a', ...day(2)), event('b', ...day(3))])
    expect(schedule(series!)).toEqual([
      ['2026-12-02T14:00:00.000Z', '2026-12-03T00:00:00.000Z'],
      ['2026-12-03T14:00:00.000Z', '2026-12-04T00:00:00.000Z'],
    ])
    expect(schedule(workZones([event('a', ...day(2))])[0]!)).toBeNull()
  })
})
