// The Pollen card shows only where a pollen forecast exists: the coordinate page's point script (plain ES5,
// inlined before first paint) must draw the same line as hasPollenSource in lib/weather/air.ts.
import { readFileSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { hasPollenSource } from '../../../src/lib/weather/air.ts'

const script = readFileSync('src/components/point-title.js', 'utf8')

/** Runs the point script for a path; true when it marked the page as having pollen. */
function marks(pathname: string): boolean {
  const attributes = new Map<string, string>()
  const element = { textContent: '', getAttribute: () => 'Map point {{lat}}, {{lon}}' }
  const document = {
    getElementById: () => element,
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
  }
  runInNewContext(script, { location: { pathname }, document })
  return attributes.has('data-pollen')
}

describe('where the Pollen card shows', () => {
  it.each([
    [47.74, -121.99, false], // Duvall, WA
    [21.31, -157.86, false], // Honolulu
    [61.22, -149.9, false], // Anchorage
    [48.86, 2.35, true], // Paris
    [52.52, 13.4, true], // Berlin
    [30, -25, true], // the domain's corners count
    [72, 45, true],
    [29.99, 10, false],
    [50, 45.01, false],
  ])('%d, %d: %s', (lat, lon, expected) => {
    expect(hasPollenSource(lat, lon)).toBe(expected)
    expect(marks(`/z/${lat}/${lon}/weather`)).toBe(expected)
  })

  it('city pages never have it: no US place lies in the domain', () => {
    const lines = readFileSync('public/data/cities.txt', 'utf8').split('\n')
    const inside = lines.filter((line) => {
      const [, lat, lon] = line.split('\t')
      return lat && lon && hasPollenSource(Number(lat), Number(lon))
    })
    expect(inside).toEqual([])
  })

  it('the site stylesheet hides the card unless the page is marked', () => {
    expect(readFileSync('src/styles/global.css', 'utf8')).toMatch(/html:not\(\[data-pollen\]\) #wx-pollen \{\s*display: none;/)
  })
})
