import { describe, expect, it } from 'vitest'
import {
  byImportance,
  orderRoadGroups,
  orderStatusGroups,
  passes,
  readFilter,
  splitShown,
  writeFilter,
} from '../../../src/lib/live/order.ts'
import { groupStatuses } from '../../../src/lib/live/statuses.ts'
import { expandRoads } from '../../../src/lib/live/roads.ts'
import { priorityRank } from '../../../src/lib/items.ts'
import { alertItem } from './alert-item.ts'

describe('byImportance', () => {
  it('puts Critical first, then by priority, then newest, keeping ties in order', () => {
    const items = [
      alertItem({ id: 1, priority: 'Info' }),
      alertItem({ id: 2, priority: 'Warning', valueChanged: '2026-01-01T00:00:00Z' }),
      alertItem({ id: 3, priority: 'critical' }),
      alertItem({ id: 4, priority: 'Warning', valueChanged: '2026-02-01T00:00:00Z' }),
      alertItem({ id: 5, priority: 'Info' }),
      alertItem({ id: 6, priority: 'nonsense' }),
    ]
    expect(byImportance(items).map((item) => item.id)).toEqual([3, 4, 2, 6, 1, 5])
  })
  it('falls back to the start time, then the check time, and survives garbage dates', () => {
    const items = [
      alertItem({ id: 1, retrieved: 'not a date' }),
      alertItem({ id: 2, retrieved: '2026-01-01T00:00:00Z' }),
      { ...alertItem({ id: 3 }), startsAt: '2026-03-01T00:00:00Z' },
    ]
    expect(byImportance(items).map((item) => item.id)).toEqual([3, 2, 1])
  })
})

describe('orderStatusGroups', () => {
  it('puts the group holding the Critical item first and keeps the SPEC order among equals', () => {
    const groups = groupStatuses([
      alertItem({ id: 1, priority: 'Info', dataCategory: 'traffic' }),
      alertItem({ id: 2, priority: 'Normal', dataCategory: 'school' }),
      alertItem({ id: 3, priority: 'Info', dataCategory: 'weather' }),
      alertItem({ id: 4, priority: 'Critical', dataCategory: 'weather' }),
      alertItem({ id: 5, priority: 'Info', dataCategory: 'services' }),
    ])
    const ordered = orderStatusGroups(groups)
    expect(ordered.map((group) => group.category)).toEqual(['weather', 'school', 'traffic', 'services'])
    expect(ordered[0]!.items.map((item) => item.id)).toEqual([4, 3])
  })
  it('leaves no group empty and handles none', () => {
    expect(orderStatusGroups([])).toEqual([])
  })
})

describe('orderRoadGroups', () => {
  it('orders road items by their most pressing message, a closed crossing counting as critical', () => {
    const special = JSON.stringify([
      {
        Title: 'SR 203',
        Items: [
          { Title: 'Shoulder work', Priority: 'Info' },
          { Title: 'Bridge closed', Priority: 'Info', State: 'critical' },
        ],
      },
    ])
    const { groups } = expandRoads([
      alertItem({ id: 1, priority: 'Warning', title: 'Main St' }),
      alertItem({ id: 2, priority: 'Info', title: 'SR 203', data: { ...alertItem({ id: 0 }).data, specialData: special } }),
      alertItem({ id: 3, priority: 'Normal', title: 'Elm St' }),
    ])
    const ordered = orderRoadGroups(groups)
    expect(ordered.map((group) => group.itemId)).toEqual([2, 1, 3])
    expect(ordered[0]!.entries.map((entry) => entry.title)).toEqual(['Bridge closed', 'Shoulder work'])
  })
})

describe('splitShown', () => {
  const rank = (priority: string) => priorityRank(priority)
  it('shows three and folds the rest', () => {
    expect(splitShown(['Info', 'Info', 'Info', 'Info', 'Low'], rank)).toEqual({
      shown: ['Info', 'Info', 'Info'],
      folded: ['Info', 'Low'],
    })
  })
  it('never folds a Critical or Urgent item', () => {
    const { shown, folded } = splitShown(['Critical', 'Urgent', 'Urgent', 'Critical', 'Info', 'Info'], rank)
    expect(shown).toHaveLength(4)
    expect(folded).toEqual(['Info', 'Info'])
  })
  it('folds nothing in a short list', () => {
    expect(splitShown(['Info'], rank)).toEqual({ shown: ['Info'], folded: [] })
  })
})

describe('filters', () => {
  it('lets through what each filter names', () => {
    expect([0, 1, 2, 3, 4, 7].map((r) => passes(r, 'critical'))).toEqual([true, true, false, false, false, false])
    expect([0, 1, 2, 3, 4, 7].map((r) => passes(r, 'warning'))).toEqual([true, true, true, true, false, false])
    expect(passes(7, 'all')).toBe(true)
  })
  it('reads and writes the hash, refusing unknown values', () => {
    expect(readFilter('#prio=critical&kind=weather', ['weather'])).toEqual({ prio: 'critical', kind: 'weather' })
    expect(readFilter('#prio=<script>&kind=nope', ['weather'])).toEqual({ prio: 'all', kind: 'all' })
    expect(readFilter('', [])).toEqual({ prio: 'all', kind: 'all' })
    expect(writeFilter({ prio: 'all', kind: 'all' })).toBe('')
    expect(writeFilter({ prio: 'warning', kind: 'school' })).toBe('#prio=warning&kind=school')
    const round = readFilter(writeFilter({ prio: 'warning', kind: 'school' }), ['school'])
    expect(round).toEqual({ prio: 'warning', kind: 'school' })
  })
})
