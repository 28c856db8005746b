import { describe, expect, it } from 'vitest'
import { sunscreenAdvised, uvLevel, uvToShow, type UvLevel } from '../../../src/lib/weather/uv.ts'

describe('uvLevel (EPA, on the value rounded to a whole number)', () => {
  it.each<[number, UvLevel]>([
    [0, 'low'],
    [2, 'low'],
    [2.49, 'low'],
    [2.5, 'moderate'],
    [3, 'moderate'],
    [5, 'moderate'],
    [5.49, 'moderate'],
    [5.5, 'high'],
    [6, 'high'],
    [7, 'high'],
    [7.5, 'veryHigh'],
    [8, 'veryHigh'],
    [10, 'veryHigh'],
    [10.49, 'veryHigh'],
    [10.5, 'extreme'],
    [11, 'extreme'],
    [14.2, 'extreme'],
    [-1, 'low'],
    [Number.NaN, 'low'],
  ])('%d is %s', (uv, level) => expect(uvLevel(uv)).toBe(level))
})

describe('sunscreenAdvised', () => {
  it.each<[UvLevel, boolean]>([
    ['low', false],
    ['moderate', true],
    ['high', true],
    ['veryHigh', true],
    ['extreme', true],
  ])('%s → %s', (level, advised) => expect(sunscreenAdvised(level)).toBe(advised))
})

describe('uvToShow', () => {
  it.each<[number | null, number | null, boolean, number | null]>([
    [0, 2.1, false, 0], // night: the current value, never the day's maximum
    [null, 2.1, false, null],
    [0.3, 6.8, false, 0.3],
    [4.2, 6.8, true, 4.2], // day: the current value
    [0, 6.8, true, 0], // 0 is a value, not a gap
    [null, 6.8, true, 6.8], // day without a current value: the day's maximum
    [null, null, true, null],
  ])('current %s, max %s, day %s → %s', (current, max, isDay, shown) => {
    expect(uvToShow(current, max, isDay)).toBe(shown)
  })
})
