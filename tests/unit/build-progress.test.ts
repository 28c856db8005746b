import { describe, expect, it } from 'vitest'
import { progressLine } from '../../scripts/lib/progress.ts'

describe('progressLine', () => {
  it('gives pages done, rate and time left', () => {
    expect(progressLine(150_000, 749_280, 60)).toBe('build: 150,000 of 749,280 pages (20 %), 2,500 pages/s, about 4 min left')
    expect(progressLine(12_000, 12_848, 20)).toBe('build: 12,000 of 12,848 pages (93 %), 600 pages/s, about 2 s left')
  })

  it('says when the rate is not known yet', () => {
    expect(progressLine(0, 100, 0)).toBe('build: 0 of 100 pages (0 %), 0 pages/s, time left unknown')
  })
})
