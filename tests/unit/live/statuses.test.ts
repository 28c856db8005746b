import { describe, expect, it } from 'vitest'
import { PRIORITIES, type AlertItem } from '../../../src/lib/items.ts'
import { ALERT_CATEGORIES, categoryOf, groupStatuses, priorityLevel } from '../../../src/lib/live/statuses.ts'
import { DEMO_STATUSES } from '../../../server/db/demo/statuses.ts'
import { alertItem } from './alert-item.ts'

function item(id: number, dataCategory: string | null, category: string | null = null): AlertItem {
  return alertItem({ id, dataCategory, category, distance: 0 })
}

describe('categoryOf', () => {
  it.each<[string | null, string | null, string]>([
    ['traffic', null, 'traffic'],
    ['School', null, 'school'],
    [' SERVICES ', 'Water service', 'services'],
    ['weather', 'Flood warning', 'weather'],
    ['local', null, 'local'],
    ['other', null, 'other'],
    [null, 'Traffic', 'traffic'],
    ['', 'school', 'school'],
    ['parking', 'weather', 'weather'],
    ['parking', 'Flood warning', 'other'],
    [null, null, 'other'],
    ['__proto__', 'constructor', 'other'],
  ])('dataCategory %s, category %s → %s', (dataCategory, category, expected) => {
    expect(categoryOf(item(1, dataCategory, category))).toBe(expected)
  })
})

describe('groupStatuses', () => {
  it('orders groups by ALERT_CATEGORIES, drops empty ones and keeps the order inside a group', () => {
    const items = [item(1, 'local'), item(2, 'weather'), item(3, 'mystery'), item(4, 'traffic'), item(5, 'local'), item(6, null)]
    expect(groupStatuses(items).map((group) => [group.category, group.items.map((entry) => entry.id)])).toEqual([
      ['traffic', [4]],
      ['weather', [2]],
      ['local', [1, 5]],
      ['other', [3, 6]],
    ])
  })

  it('groups the demo statuses', () => {
    const items = DEMO_STATUSES.map((seed, index) => ({
      ...item(index + 1, seed.dataCategory ?? null, seed.category),
      priority: seed.priority,
    }))
    const groups = groupStatuses(items)
    expect(groups.map((group) => [group.category, group.items.length])).toEqual([
      ['traffic', 1],
      ['school', 4],
      ['services', 2],
      ['weather', 1],
      ['local', 4],
    ])
    expect(groups.flatMap((group) => group.items)).toHaveLength(DEMO_STATUSES.length)
    expect(groups.find((group) => group.category === 'weather')?.items[0]?.priority).toBe('Critical')
  })

  it('gives no groups for no items', () => {
    expect(groupStatuses([])).toEqual([])
  })

  it('lists the SPEC categories', () => {
    expect(ALERT_CATEGORIES).toEqual(['traffic', 'school', 'services', 'weather', 'local', 'other'])
  })
})

describe('priorityLevel', () => {
  it.each([
    ['Critical', 'critical'],
    ['Urgent', 'urgent'],
    ['High', 'urgent'],
    ['Warning', 'warning'],
    ['Medium', 'warning'],
    ['Normal', 'normal'],
    ['Info', 'info'],
    ['Low', 'info'],
    ['high', 'urgent'],
    [' LOW ', 'info'],
    ['severe', 'normal'],
    ['', 'normal'],
  ])('%s → %s', (priority, level) => expect(priorityLevel(priority)).toBe(level))

  it('maps every priority word', () => {
    expect(PRIORITIES.map(priorityLevel)).toEqual([
      'critical',
      'urgent',
      'urgent',
      'warning',
      'warning',
      'normal',
      'info',
      'info',
    ])
  })
})
