import { describe, expect, it } from 'vitest'
import { mostSevere, nwsSeverity, warningsOf } from '../../../src/lib/dashboard/warnings.ts'
import type { RoadEntry } from '../../../src/lib/live/roads.ts'
import type { AlertSeverity, WeatherAlert } from '../../../src/lib/weather/alerts.ts'
import { alertItem } from '../live/alert-item.ts'

const status = (id: number, priority: string) => alertItem({ id, priority, title: `Status ${id}` })
const road = (id: number, priority: string, state: string | null = null): RoadEntry => ({
  id,
  itemId: id,
  group: null,
  priority,
  stateType: null,
  state,
  title: `Road ${id}`,
  description: null,
  distance: 1,
  direction: null,
  laneClosure: false,
  lat: null,
  lon: null,
})
const nws = (id: string, severity: AlertSeverity, headline: string | null = null): WeatherAlert => ({
  id,
  event: `Event ${id}`,
  severity,
  urgency: 'Expected',
  headline,
  description: '',
  instruction: null,
  effective: null,
  expires: null,
  areaDesc: '',
  sender: 'NWS Seattle WA',
})

describe('nwsSeverity', () => {
  it.each([
    ['Extreme', 'critical'],
    ['Severe', 'critical'],
    ['Moderate', 'warning'],
    ['Minor', 'info'],
    ['Unknown', 'info'],
  ] as const)('%s is %s', (severity, expected) => expect(nwsSeverity(severity)).toBe(expected))
})

describe('warningsOf', () => {
  it('keeps only warning-or-worse items, in any case of priority', () => {
    const found = warningsOf(
      [status(1, 'Info'), status(2, 'warning'), status(3, 'High'), status(4, 'Normal'), status(5, 'URGENT')],
      [road(10, 'Low'), road(11, 'Medium')],
      [nws('a', 'Minor'), nws('b', 'Unknown')],
    )
    expect(found.map((w) => w.key)).toEqual(['statuses:5', 'statuses:2'])
    expect(found.map((w) => w.level)).toEqual(['urgent', 'warning'])
  })

  it('orders critical and extreme, then urgent and severe, then warning and moderate', () => {
    const found = warningsOf(
      [status(1, 'Warning'), status(2, 'Urgent'), status(3, 'Critical')],
      [road(10, 'Warning'), road(11, 'Info', 'critical')],
      [nws('m', 'Moderate'), nws('s', 'Severe'), nws('x', 'Extreme')],
    )
    expect(found.map((w) => [w.key, w.rank])).toEqual([
      ['statuses:3', 4],
      ['nws:x', 4],
      ['statuses:2', 3],
      ['roads:11', 3],
      ['nws:s', 3],
      ['statuses:1', 2],
      ['roads:10', 2],
      ['nws:m', 2],
    ])
  })

  it('counts a road critical by its state alone as urgent, and names severities for NWS', () => {
    const [closure] = warningsOf([], [road(10, 'Info', 'Critical')], [])
    expect(closure).toMatchObject({ source: 'roads', severity: 'critical', level: 'urgent', title: 'Road 10' })
    const [wind] = warningsOf([], [], [nws('w', 'Severe')])
    expect(wind).toMatchObject({ source: 'nws', severity: 'critical', level: 'Severe', title: 'Event w' })
  })

  it('shows an NWS alert by its headline when it has one', () => {
    expect(warningsOf([], [], [nws('w', 'Moderate', 'Wind Advisory until 11 PM')])[0]?.title).toBe('Wind Advisory until 11 PM')
  })

  it('is empty for empty lists', () => {
    expect(warningsOf([], [], [])).toEqual([])
  })
})

describe('mostSevere', () => {
  it('leads with the critical status over a severe NWS alert and counts the others', () => {
    const top = mostSevere([status(1, 'Warning'), status(2, 'Critical')], [road(10, 'Urgent')], [nws('s', 'Severe')])
    expect(top?.warning.key).toBe('statuses:2')
    expect(top?.more).toBe(3)
  })

  it('leads with an extreme NWS alert when no status is critical', () => {
    expect(mostSevere([status(1, 'Urgent')], [], [nws('x', 'Extreme')])?.warning.key).toBe('nws:x')
  })

  it('is null when all is calm', () => {
    expect(mostSevere([status(1, 'Normal')], [road(10, 'Info')], [nws('m', 'Minor')])).toBeNull()
  })
})
