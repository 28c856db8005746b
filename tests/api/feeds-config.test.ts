// The feed configuration: the shipped file is valid, environment overrides, keys, and plain errors for bad files.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { envName, feedsEnabled, loadFeedsConfig, parseFeedsConfig } from '../../server/feeds/config.ts'

const file = (feeds: unknown[]) => ({ groups: { test: feeds } })
const feed = (fields: Record<string, unknown> = {}) => ({
  id: 'state-511',
  name: 'State 511 cameras',
  adapter: 'items-json',
  url: 'https://511.example/api/getcameras?key={key}&format=json',
  keyEnv: 'STATE_511_KEY',
  scheduleSeconds: 300,
  attribution: { name: 'State DOT', url: null },
  ...fields,
})

describe('feed configuration', () => {
  it('ships the NWS national alerts on, every 60 s (the publisher’s limit), 15 MB, with the contact in the User-Agent', () => {
    const config = loadFeedsConfig({})
    const nws = config.feeds.find((one) => one.id === 'nws-alerts')!
    expect(nws).toMatchObject({
      enabled: true,
      adapter: 'nws',
      url: 'https://api.weather.gov/alerts/active?status=actual',
      scheduleSeconds: 60,
      maxBytes: 15_000_000,
      problem: null,
    })
    expect(config.userAgent).toBe('Porchlight/1.0 (porchlight.example, ops@example.com)')
    expect(loadFeedsConfig({ FEEDS_CONTACT: '(weather.example, a@weather.example)' }).userAgent).toBe(
      'Porchlight/1.0 (weather.example, a@weather.example)',
    )
    // Every keyed feed shipped is off until an operator turns it on.
    for (const one of config.feeds) if (one.keyEnv) expect(one.enabled).toBe(false)
  })

  it('fills {key} from the variable named by keyEnv, and says which one is missing', () => {
    expect(parseFeedsConfig(file([feed()]), {}).feeds[0]).toMatchObject({ url: null, problem: 'No key: set STATE_511_KEY' })
    const keyed = parseFeedsConfig(file([feed()]), { STATE_511_KEY: 'a b&c' }).feeds[0]!
    expect(keyed).toMatchObject({ problem: null, url: 'https://511.example/api/getcameras?key=a%20b%26c&format=json' })
  })

  it('lets FEED_<ID>_ENABLED and FEED_<ID>_URL override the file', () => {
    expect(envName('state-511', 'URL')).toBe('FEED_STATE_511_URL')
    const config = parseFeedsConfig(file([feed({ url: null, keyEnv: null })]), {
      FEED_STATE_511_ENABLED: 'true',
      FEED_STATE_511_URL: 'https://mirror.example/cameras.json',
    })
    expect(config.feeds[0]).toMatchObject({ enabled: true, url: 'https://mirror.example/cameras.json', problem: null })
    expect(parseFeedsConfig(file([feed({ url: null })]), {}).feeds[0]!.problem).toBe('No URL: set FEED_STATE_511_URL')
    expect(parseFeedsConfig(file([feed({ enabled: true })]), { FEED_STATE_511_ENABLED: '0' }).feeds[0]!.enabled).toBe(false)
  })

  it('defaults the stale threshold to three runs, at least ten minutes', () => {
    expect(parseFeedsConfig(file([feed()]), {}).feeds[0]!.staleAfterSeconds).toBe(900)
    expect(parseFeedsConfig(file([feed({ scheduleSeconds: 60 })]), {}).feeds[0]!.staleAfterSeconds).toBe(600)
  })

  it('refuses a bad file with the field at fault', () => {
    expect(() => parseFeedsConfig(file([feed({ scheduleSeconds: 5 })]), {})).toThrow(/groups\.test\.0\.scheduleSeconds/)
    expect(() => parseFeedsConfig(file([feed({ id: 'Bad Id' })]), {})).toThrow(/groups\.test\.0\.id/)
    expect(() => parseFeedsConfig(file([feed({ extra: 1 })]), {})).toThrow(/Feed configuration/)
    expect(() => parseFeedsConfig(file([feed(), feed()]), {})).toThrow('feed id state-511 appears twice')
    const dir = mkdtempSync(join(tmpdir(), 'feeds-config-'))
    writeFileSync(join(dir, 'feeds.json'), '{ not json')
    expect(() => loadFeedsConfig({ FEEDS_FILE: join(dir, 'feeds.json') })).toThrow(/cannot read .*feeds\.json/)
    writeFileSync(join(dir, 'ok.json'), JSON.stringify(file([feed()])))
    expect(loadFeedsConfig({ FEEDS_FILE: join(dir, 'ok.json') }).feeds.map((one) => one.id)).toEqual(['state-511'])
  })

  it('is on unless FEEDS=0', () => {
    expect(feedsEnabled({})).toBe(true)
    expect(feedsEnabled({ FEEDS: '0' })).toBe(false)
  })
})
