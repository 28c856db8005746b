import { readFileSync } from 'node:fs'

/** A fixture from tests/fixtures/weather, parsed fresh each call so tests can change it freely. */
export function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../../fixtures/weather/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>
}

/** A nested object of a parsed fixture, for tests that alter one field. */
export function part(json: Record<string, unknown>, key: string): Record<string, unknown> {
  return json[key] as Record<string, unknown>
}

/** Responses no decoder can use (not an object, or an error body). */
export const UNUSABLE: [string, unknown][] = [
  ['null', null],
  ['an array', []],
  ['a string', 'Internal Server Error'],
  ['a number', 42],
  ['undefined', undefined],
  ['an Open-Meteo error', { error: true, reason: 'x' }],
]

/** Parses a built URL; the builders may return a relative proxy path, resolved against a dummy origin. */
export function params(url: string): URLSearchParams {
  return new URL(url, 'http://proxy.test').searchParams
}
