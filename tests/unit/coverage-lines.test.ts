// A source list's lines (src/lib/coverage.ts sourceLines): a publisher's several sources on one line with counts.
import { describe, expect, it } from 'vitest'
import type { CoverageSource } from '../../src/lib/api/coverage.ts'
import { sourceLines } from '../../src/lib/coverage.ts'

const source = (id: string, name: string, publisher: string, status: CoverageSource['status']): CoverageSource => ({
  id,
  name,
  section: 'roads',
  states: ['ca'],
  status,
  off: null,
  publisher: { name: publisher, url: null },
  items: 0,
  lastSuccessAt: null,
})

describe('sourceLines', () => {
  it('puts Caltrans’ districts on one line, in natural order, with a count per health word', () => {
    const districts = [10, 2, 1, 11, 3].map((n) =>
      source(`d${n}`, `Caltrans lane closures, District ${n}`, 'Caltrans', n === 3 ? 'ok' : 'failing'),
    )
    const lines = sourceLines([source('x', 'Other feed', 'Other', 'ok'), ...districts])
    expect(lines[0]).toMatchObject({ kind: 'one', source: { id: 'x' } })
    const group = lines[1]!
    if (group.kind !== 'group') throw new Error('not a group')
    expect(group.publisher).toBe('Caltrans')
    expect(group.sources.map((each) => each.id)).toEqual(['d1', 'd2', 'd3', 'd10', 'd11'])
    expect(group.statuses).toEqual([
      { key: 'coverage.failing', count: 4 },
      { key: 'coverage.ok', count: 1 },
    ])
    expect(lines).toHaveLength(2)
  })
})
