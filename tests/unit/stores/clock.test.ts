import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { $now } from '../../../src/lib/stores/clock.ts'

describe('$now', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'))
  })
  afterEach(() => vi.useRealTimers())

  it('reads the time when first shown and ticks every 30 s while anything listens', () => {
    const start = Date.now()
    const stop = $now.listen(() => {})
    expect($now.get()).toBe(start)
    vi.advanceTimersByTime(29_999)
    expect($now.get()).toBe(start)
    vi.advanceTimersByTime(1)
    expect($now.get()).toBe(start + 30_000)
    stop()
    vi.advanceTimersByTime(10_000) // nanostores unmounts a store 1 s after its last listener leaves
    expect(vi.getTimerCount()).toBe(0)
  })
})
