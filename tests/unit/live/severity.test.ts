import { describe, expect, it } from 'vitest'
import { PRIORITIES, type AlertItem, type Reaction } from '../../../src/lib/items.ts'
import { expandRoads, type RoadEntry } from '../../../src/lib/live/roads.ts'
import { alarmSections, badgeCounts, bannerAlert, severityOf } from '../../../src/lib/live/severity.ts'
import { DEMO_ROADS } from '../../../server/db/demo/roads.ts'
import { alertItem } from './alert-item.ts'

/** A status item; only the fields the banner reads matter. */
function status(id: number, priority: string, title = `Status ${id}`): AlertItem {
  return alertItem({ id, priority, title, state: 'active', dataCategory: 'local' })
}

function roadEntry(id: number, priority: string, state: string | null = 'open'): RoadEntry {
  return {
    id,
    itemId: 1,
    group: null,
    priority,
    stateType: 'road',
    state,
    title: `Road ${id}`,
    description: null,
    distance: 1,
    direction: null,
    laneClosure: false,
    lat: null,
    lon: null,
  }
}

describe('severityOf', () => {
  it.each([
    ['Critical', 'critical'],
    ['critical', 'critical'],
    ['Urgent', 'critical'],
    [' URGENT ', 'critical'],
    ['High', 'info'],
    ['Warning', 'warning'],
    ['warning', 'warning'],
    ['Medium', 'info'],
    ['Normal', 'info'],
    ['Info', 'info'],
    ['Low', 'info'],
    ['Unheard-of', 'info'],
    ['', 'info'],
    [null, 'info'],
  ])('status priority %s → %s', (priority, severity) => {
    expect(severityOf({ priority, state: 'critical' }, 'statuses')).toBe(severity)
  })

  it.each([
    ['Info', 'critical', 'critical'],
    ['Normal', 'Critical', 'critical'],
    ['Warning', 'critical', 'critical'],
    ['Warning', 'blocked', 'warning'],
    ['Info', 'open', 'info'],
    ['Info', null, 'info'],
    ['Info', undefined, 'info'],
    ['Urgent', 'open', 'critical'],
  ])('road priority %s, state %s → %s', (priority, state, severity) => {
    expect(severityOf(state === undefined ? { priority } : { priority, state }, 'roads')).toBe(severity)
  })

  it('covers every priority word of the SPEC', () => {
    expect(PRIORITIES.map((priority) => severityOf({ priority }, 'statuses'))).toEqual([
      'critical',
      'critical',
      'info',
      'warning',
      'info',
      'info',
      'info',
      'info',
    ])
  })
})

describe('bannerAlert', () => {
  it.each<[string, AlertItem[], RoadEntry[], { key: string; severity: string; more: number } | null]>([
    ['none at all', [], [], null],
    ['only info', [status(1, 'Info'), status(2, 'High')], [roadEntry(10000, 'Normal')], null],
    [
      'the first warning',
      [status(1, 'Info'), status(2, 'Warning'), status(3, 'Warning')],
      [],
      { key: 'statuses:2', severity: 'warning', more: 1 },
    ],
    [
      'a critical one before earlier warnings',
      [status(1, 'Warning'), status(2, 'Urgent')],
      [],
      { key: 'statuses:2', severity: 'critical', more: 1 },
    ],
    [
      'statuses before roads',
      [status(1, 'Critical')],
      [roadEntry(10000, 'Critical')],
      { key: 'statuses:1', severity: 'critical', more: 1 },
    ],
    [
      'a critical road over status warnings',
      [status(1, 'Warning')],
      [roadEntry(10000, 'Warning'), roadEntry(10001, 'Info', 'critical')],
      { key: 'roads:10001', severity: 'critical', more: 2 },
    ],
    ['a road warning alone', [], [roadEntry(4, 'warning')], { key: 'roads:4', severity: 'warning', more: 0 }],
  ])('%s', (_, statuses, roads, expected) => {
    const banner = bannerAlert(statuses, roads)
    if (expected === null) expect(banner).toBeNull()
    else expect(banner).toMatchObject(expected)
  })

  it('carries the title and section of the chosen alert', () => {
    expect(bannerAlert([status(5, 'Urgent', 'Water main')], [])).toEqual({
      key: 'statuses:5',
      title: 'Water main',
      severity: 'critical',
      section: 'statuses',
      more: 0,
      signature: 'statuses:5',
    })
  })

  it('keeps the signature when the order changes and changes it when a new alert appears', () => {
    const statuses = [status(1, 'Warning'), status(2, 'Critical'), status(3, 'Info')]
    const roads = [roadEntry(10000, 'Warning'), roadEntry(10001, 'Info')]
    const before = bannerAlert(statuses, roads)?.signature
    expect(bannerAlert([...statuses].reverse(), [...roads].reverse())?.signature).toBe(before)
    // An info item arriving is not an alert, so the dismissal stands.
    expect(bannerAlert([...statuses, status(4, 'Normal')], roads)?.signature).toBe(before)
    expect(bannerAlert([...statuses, status(4, 'Warning')], roads)?.signature).not.toBe(before)
    expect(bannerAlert(statuses, [...roads, roadEntry(10002, 'Info', 'critical')])?.signature).not.toBe(before)
  })

  it('tells a status and a road entry with the same id apart', () => {
    expect(bannerAlert([status(7, 'Warning')], [])?.signature).not.toBe(bannerAlert([], [roadEntry(7, 'Warning')])?.signature)
  })

  it('picks the demo flood crossing among the demo roads', () => {
    const items = DEMO_ROADS.map((seed, index) => ({
      ...status(index + 1, seed.priority, seed.title),
      data: { ...status(0, 'Info').data, specialData: JSON.stringify(seed.special) },
    }))
    const banner = bannerAlert([], expandRoads(items).entries)
    expect(banner).toMatchObject({ key: 'roads:10002', severity: 'critical', section: 'roads', more: 3 })
    expect(banner?.title).toMatch(/^Both directions/)
  })
})

describe('badgeCounts', () => {
  const reaction: Reaction = {
    statuses: { messages: [status(1, 'Info'), status(2, 'Warning')] },
    roads: { messages: [status(3, 'Info')] },
    cameras: { messages: [status(4, 'Info'), status(5, 'Info'), status(6, 'Info')] },
    local: { messages: [] },
  }

  it('counts every message, and roads after expansion', () => {
    const roads = [roadEntry(10000, 'Info'), roadEntry(10001, 'Info'), roadEntry(10002, 'Info')]
    expect(badgeCounts(reaction, roads)).toEqual({ statuses: 2, roads: 3, cameras: 3, local: 0 })
  })

  it('counts a section missing from the answer as empty', () => {
    const partial = { statuses: reaction.statuses } as Reaction
    expect(badgeCounts(partial, [])).toEqual({ statuses: 2, roads: 0, cameras: 0, local: 0 })
  })
})

describe('alarmSections', () => {
  const quiet = { messages: [] }
  it('marks only sections with a warning or worse: cameras and businesses are counts, never alarms', () => {
    const reaction: Reaction = {
      statuses: { messages: [status(1, 'Info'), status(2, 'Warning')] },
      roads: { messages: [status(3, 'Info')] },
      cameras: { messages: [status(4, 'Critical')] },
      local: { messages: [status(5, 'Critical')] },
    }
    expect(alarmSections(reaction, [roadEntry(10000, 'Info')])).toEqual(new Set(['statuses']))
    expect(alarmSections({ ...reaction, statuses: quiet }, [roadEntry(10000, 'Urgent')])).toEqual(new Set(['roads']))
    expect(alarmSections({ statuses: quiet, roads: quiet, cameras: quiet, local: quiet }, [])).toEqual(new Set())
  })
})
