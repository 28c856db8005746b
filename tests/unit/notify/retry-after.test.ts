import { describe, expect, it } from 'vitest'
import { retryAfterMs } from '../../../server/notify/send.ts'

describe('retryAfterMs: how long a push service that answered 429 is left alone', () => {
  const now = Date.parse('2026-12-02T16:00:00Z')
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('120', now)).toBe(120_000)
    expect(retryAfterMs('Wed, 02 Dec 2026 16:00:45 GMT', now)).toBe(45_000)
  })
  it('waits 30 s without a readable header, at least 1 s and at most an hour', () => {
    expect(retryAfterMs(null, now)).toBe(30_000)
    expect(retryAfterMs('soon', now)).toBe(30_000)
    expect(retryAfterMs('0', now)).toBe(1000)
    expect(retryAfterMs('Wed, 02 Dec 2026 15:00:00 GMT', now)).toBe(1000)
    expect(retryAfterMs('999999999', now)).toBe(3_600_000)
  })
})
