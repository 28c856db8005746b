import { describe, expect, it } from 'vitest'
import { resetToken } from '../../src/lib/routing/routes.ts'

describe('resetToken', () => {
  it.each([
    ['/reset/abcDEF123_-abcdefghijklmnop', 'abcDEF123_-abcdefghijklmnop'],
    ['/de/reset/abcdefghijklmnop', 'abcdefghijklmnop'],
    ['/reset/', null],
    ['/reset', null],
    ['/reset/short', null],
    ['/reset/<script>alert(1)</script>', null],
  ])('%s → %s', (path, token) => {
    expect(resetToken(path)).toBe(token)
  })
})
