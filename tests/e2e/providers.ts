import { readFileSync } from 'node:fs'
import type { Page, Route } from '@playwright/test'

/** A 1×1 transparent PNG for map and radar tiles. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')
const fixture = (name: string): string => readFileSync(`tests/fixtures/weather/${name}.json`, 'utf8')

export type ProviderFixtures = Partial<Record<'forecast' | 'air' | 'marine' | 'quakes' | 'alerts', string | number>>

const json = (route: Route, body: string, contentType = 'application/json') =>
  route.fulfill({ status: 200, contentType, body, headers: { 'access-control-allow-origin': '*' } })

/**
 * Serves every weather provider from recorded fixtures (a number answers with that HTTP status)
 * and refuses any other request that leaves localhost, so no test touches the internet.
 */
export async function serveProviders(page: Page, overrides: ProviderFixtures = {}): Promise<void> {
  const names = {
    forecast: 'forecast-duvall',
    air: 'air-duvall',
    marine: 'marine-inland',
    quakes: 'quakes-duvall',
    alerts: 'alerts-duvall',
    ...overrides,
  }
  const answer = (route: Route, value: string | number, type?: string) =>
    typeof value === 'number' ? route.fulfill({ status: value, body: 'error' }) : json(route, fixture(value), type)
  await page.route(/^https?:\/\/(?!localhost)/, (route) => route.abort('internetdisconnected'))
  await page.route('https://api.open-meteo.com/**', (route) => answer(route, names.forecast))
  // Several points in one request (the dashboard's places): one recorded answer per point, in turn.
  await page.route(/^https:\/\/api\.open-meteo\.com\/v1\/forecast\?latitude=[^&]*,/, (route) => {
    const entries = JSON.parse(fixture('forecast-batch')) as unknown[]
    const count = new URL(route.request().url()).searchParams.get('latitude')?.split(',').length ?? 0
    return json(route, JSON.stringify(Array.from({ length: count }, (_, i) => entries[i % entries.length])))
  })
  await page.route('https://air-quality-api.open-meteo.com/**', (route) => answer(route, names.air))
  await page.route('https://marine-api.open-meteo.com/**', (route) => answer(route, names.marine))
  await page.route('https://earthquake.usgs.gov/**', (route) => answer(route, names.quakes))
  await page.route('https://api.weather.gov/**', (route) => answer(route, names.alerts, 'application/geo+json'))
  await page.route('https://mesonet.agron.iastate.edu/json/tms.json', (route) =>
    json(
      route,
      JSON.stringify({ services: [{ id: 'ridge_uscomp_n0q', utc_valid: new Date(Date.now() - 120_000).toISOString() }] }),
    ),
  )
  await page.route(/\.png(\?.*)?$/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PNG }))
}
