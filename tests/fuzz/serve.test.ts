// Hostile-input suite for npm run serve: seeded random site paths against scripts/serve.ts on a small generated site.
// No 5xx, no crash, and every Location stays on the same origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSite, get, sameOrigin, startServe, type Served } from '../serve/site.ts'
import { NASTY_STRINGS, picker, type Random } from './random.ts'

const SEED = 0x51_7e_2026
const CASES = 1500
const PARALLEL = 8

/** Pieces real paths are made of, and pieces attackers add. */
const WORDS = [
  '',
  'home',
  'weather',
  'statuses',
  'roads',
  'cameras',
  'local',
  'page',
  'z',
  'reset',
  'es',
  'de',
  'ja',
  'wa',
  'duvall',
  'WA',
  'Duvall',
  '47.74',
  '-121.99',
  '.',
  '..',
  'shell',
  '404',
  '_astro',
  'x.html',
]
const RAW = [
  '\\',
  '%5C',
  '%5c',
  '%09',
  '%0D%0A',
  '%0a',
  '%00',
  '%2F',
  '%2f',
  '%2e%2e',
  '%25',
  '%E0%A4%A',
  '%',
  '@',
  ':',
  ';',
  '/',
  '//',
  '~',
  '&',
  '=',
  '?',
  '#',
]

function segment(random: Random): string {
  switch (random.int(4)) {
    case 0:
      return random.pick(WORDS)
    case 1:
      return random.pick(RAW) + random.pick(WORDS)
    case 2: {
      const text = String(random.pick(NASTY_STRINGS)).slice(0, 60)
      try {
        return encodeURIComponent(text)
      } catch {
        return '%ZZ'
      }
    }
    default:
      return random.pick(WORDS) + random.pick(RAW) + random.pick(['evil.com', 'example.org', ''])
  }
}

function pathOf(random: Random): string {
  const parts = Array.from({ length: 1 + random.int(5) }, () => segment(random))
  let path = `/${parts.join('/')}`
  if (random.chance(0.2)) path += '/'
  if (random.chance(0.1)) path = random.pick(['/', '//', '/./', '/.//']) + path.slice(1)
  if (random.chance(0.15)) path += `?${random.pick(['a=1', 'next=//evil.com', 'x=%0d%0a', ''])}`
  // What node's client refuses to send (spaces, raw controls) is replaced by its escape.
  return path.replace(/[^\x21-\x7e]/g, (ch) => `%${ch.charCodeAt(0).toString(16).padStart(2, '0')}`)
}

describe('hostile input: npm run serve', () => {
  let served: Served
  beforeAll(async () => {
    served = await startServe(buildSite())
  })
  afterAll(() => served.stop())

  it(`survives ${CASES} seeded paths (seed ${SEED.toString(16)})`, async () => {
    const random = picker(SEED)
    const paths = Array.from({ length: CASES }, () => pathOf(random))
    const byStatus = new Map<number, number>()
    let redirects = 0
    let next = 0
    const worker = async (): Promise<void> => {
      while (next < paths.length) {
        const path = paths[next++]!
        const answer = await get(served.port, path)
        byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1)
        expect(answer.status, path).toBeGreaterThan(0)
        expect(answer.status, path).toBeLessThan(500)
        if (answer.location !== undefined) {
          redirects++
          expect(sameOrigin(answer.location), `${path} → ${answer.location}`).toBe(true)
        }
      }
    }
    await Promise.all(Array.from({ length: PARALLEL }, worker))
    expect(served.process.exitCode).toBeNull()
    console.log(
      `hostile input (serve): ${CASES} paths, seed 0x${SEED.toString(16)}: ${redirects} redirects, all same-origin; 0 5xx; ` +
        `process alive; by status ${JSON.stringify(Object.fromEntries([...byStatus].sort(([a], [b]) => a - b)))}`,
    )
  }, 60_000)
})
