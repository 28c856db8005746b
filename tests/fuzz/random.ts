// A small seeded random source for the hostile-input suites: the same seed gives the same cases on every run.

/** mulberry32: a 32-bit seeded generator, plenty for picking test inputs. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

export type Random = ReturnType<typeof picker>

/** Helpers over one generator. */
export function picker(seed: number) {
  const next = mulberry32(seed)
  const int = (max: number): number => Math.floor(next() * max)
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!
  return { next, int, pick, chance: (p: number): boolean => next() < p }
}

/** Strings that break naive code: control characters, separators, huge or odd numbers, encodings, injections. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'undefined',
  'true',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999',
  '-0',
  '0x10',
  '1.5',
  '\u0000',
  '\r\nSet-Cookie: a=b',
  '%00',
  '%0d%0a',
  '%E0%A4%A',
  '../../etc/passwd',
  '..%2f..%2f',
  '\\\\evil.com',
  '//evil.com',
  'https://evil.com/',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE items; --',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  '\u202e\u0645',
  '😀'.repeat(50),
  'a'.repeat(5000),
  'wa/duvall',
  'WA/Duvall',
  'duv',
  '47.74',
  '-121.98',
]

/** JSON values of every kind, nested a little. */
export function nastyValue(random: Random, depth = 0): unknown {
  switch (random.int(depth > 1 ? 7 : 9)) {
    case 0:
      return random.pick(NASTY_STRINGS)
    case 1:
      return random.pick([0, -1, 1, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, 0.1, -0, 47.74, -121.98, 500, 501])
    case 2:
      return random.pick([true, false, null])
    case 3:
      return new Date(random.pick([0, 8.64e15, Date.UTC(2026, 10, 22), Date.UTC(9999, 11, 31)])).toISOString()
    case 4:
      return random.pick(['9999-12-31T00:00:00Z', '2026-13-45T25:61:00Z', 'yesterday', '2026-11-22T12:00:00+14:00'])
    case 5:
      return String(random.int(1_000_000))
    case 6:
      return random.pick(['statuses', 'roads', 'cameras', 'local', 'admin', 'superadmin', 'one', 'page', 'area'])
    case 7:
      return Array.from({ length: random.int(4) }, () => nastyValue(random, depth + 1))
    default:
      return Object.fromEntries(
        Array.from({ length: random.int(4) }, () => [random.pick(NASTY_STRINGS), nastyValue(random, depth + 1)]),
      )
  }
}
