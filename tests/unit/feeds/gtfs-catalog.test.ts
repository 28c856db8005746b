import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { decodeGtfsCatalog, type CatalogRow } from '../../../server/feeds/adapters/gtfs-rt-catalog.ts'
import { parseFeedsConfig, resolveFeed } from '../../../server/feeds/config.ts'
import { transitFeedConfig } from '../../../server/feeds/transit/catalog-feeds.ts'

const csv = readFileSync(new URL('../../fixtures/feeds/gtfs/catalogs.csv', import.meta.url), 'utf8')
const context = (options: Record<string, unknown> = {}) => ({
  feedId: 'mobility-database',
  now: new Date('2026-11-23T18:00:00Z'),
  options,
})
const rows = () => decodeGtfsCatalog(csv, context()).feeds as CatalogRow[]
const byId = (id: string) => rows().find((row) => row.id === id)

const catalogue = (options: Record<string, unknown> = {}, enabled = true) =>
  parseFeedsConfig(
    {
      groups: {
        alerts: [
          {
            id: 'mobility-database',
            name: 'Mobility Database catalogue',
            adapter: 'gtfs-rt-catalog',
            url: 'https://share.mobilitydata.org/catalogs-csv',
            enabled,
            scheduleSeconds: 86_400,
            options,
            attribution: { name: 'MobilityData', url: 'https://mobilitydatabase.org/' },
          },
        ],
      },
    },
    {},
  ).feeds[0]!

describe('decodeGtfsCatalog', () => {
  it('lists the US realtime sources with service alerts, each with its static GTFS', () => {
    const result = decodeGtfsCatalog(csv, context())
    expect(result.items).toEqual([])
    expect(result.feeds?.map((row) => row.id)).toEqual([
      'gtfs-rt-9002',
      'gtfs-rt-9005',
      'gtfs-rt-9006',
      'gtfs-rt-9009',
      'gtfs-rt-9010',
      'gtfs-rt-9013',
    ])
    // 9012 has no address: skipped and counted; trip updates (9003) and Canada (9008) are not listed.
    expect(result.skipped).toBe(1)
    expect(result.errors).toEqual(['row 13: source 9012: no usable urls.direct_download'])
    expect(byId('gtfs-rt-9002')).toEqual({
      id: 'gtfs-rt-9002',
      mdbId: '9002',
      state: 'Washington',
      publisher: 'Snoqualmie Valley Transportation',
      feedName: 'Snoqualmie Valley Transportation service alerts (Service Alerts)',
      url: 'https://www.svtbus.org/gtfs-rt/alerts.pb',
      format: 'gtfs-rt',
      version: null,
      active: true,
      needsKey: false,
      keyUrl: null,
      scheduleSeconds: 120,
      unsupported: null,
      staticUrl: 'https://files.mobilitydatabase.org/mdb-9001/latest.zip',
      license: 'https://www.svtbus.org/terms',
      keyParameter: null,
    })
  })

  it('puts a query key as {key}, calls a header key unsupported, a redirected or unknown static source off', () => {
    expect(byId('gtfs-rt-9005')).toMatchObject({
      url: 'https://api.511.org/transit/servicealerts?agency=RG&api_key={key}',
      needsKey: true,
      keyUrl: 'https://511.org/open-data/token',
      unsupported: null,
    })
    expect(byId('gtfs-rt-9006')).toMatchObject({ needsKey: true, unsupported: 'the key goes in a header (not supported yet)' })
    expect(byId('gtfs-rt-9009')).toMatchObject({ active: false })
    expect(byId('gtfs-rt-9010')).toMatchObject({
      active: true,
      staticUrl: 'https://files.mobilitydatabase.org/mdb-9011/latest.zip',
    })
    expect(byId('gtfs-rt-9013')).toMatchObject({ unsupported: 'no static GTFS in the catalogue' })
  })

  it('reads other countries when asked, and throws on a body that is not the catalogue', () => {
    const canada = decodeGtfsCatalog(csv, context({ countries: ['ca'] })).feeds
    expect(canada?.map((row) => row.id)).toEqual(['gtfs-rt-9008'])
    expect(() => decodeGtfsCatalog('<html><body>Moved</body></html>', context())).toThrow('Mobility Database catalogue')
    expect(() => decodeGtfsCatalog('a,b\n1,2\n', context())).toThrow('mdb_source_id')
  })
})

describe('transitFeedConfig', () => {
  it('runs keyless rows, keeps keyed ones off until FEED_<ID>_KEY is set, and takes overrides', () => {
    const feed = (id: string, env: Record<string, string> = {}, options: Record<string, unknown> = {}, on = true) =>
      resolveFeed('alerts', transitFeedConfig(byId(id)!, catalogue(options, on), env), env)
    expect(feed('gtfs-rt-9002')).toMatchObject({
      adapter: 'gtfs-rt',
      enabled: true,
      problem: null,
      url: 'https://www.svtbus.org/gtfs-rt/alerts.pb',
      scheduleSeconds: 120,
      options: {
        staticUrl: 'https://files.mobilitydatabase.org/mdb-9001/latest.zip',
        provider: 'Snoqualmie Valley Transportation',
      },
      attribution: { name: 'Snoqualmie Valley Transportation', url: 'https://www.svtbus.org/terms' },
    })
    const keyed = feed('gtfs-rt-9005')
    expect(keyed).toMatchObject({ enabled: false, keyEnv: 'FEED_GTFS_RT_9005_KEY', url: null })
    expect(keyed.name).toContain('off: needs a key: set FEED_GTFS_RT_9005_KEY')
    // The key goes only into the operator's URL, never the catalogue's (issue 36).
    expect(feed('gtfs-rt-9005', { FEED_GTFS_RT_9005_KEY: 'k&1' }).name).toContain(
      'off: needs its URL with {key}: set FEED_GTFS_RT_9005_URL',
    )
    const url = 'https://api.511.org/transit/servicealerts?agency=RG&api_key={key}'
    expect(feed('gtfs-rt-9005', { FEED_GTFS_RT_9005_KEY: 'k&1', FEED_GTFS_RT_9005_URL: url })).toMatchObject({
      enabled: true,
      url: 'https://api.511.org/transit/servicealerts?agency=RG&api_key=k%261',
      problem: null,
    })
    expect(feed('gtfs-rt-9006').enabled).toBe(false)
    expect(feed('gtfs-rt-9009').name).toContain('off: inactive in the catalogue')
    expect(feed('gtfs-rt-9002', {}, { exclude: ['gtfs-rt-9002'] }).enabled).toBe(false)
    expect(feed('gtfs-rt-9002', {}, {}, false).name).toContain('off: catalogue off')
    expect(feed('gtfs-rt-9002', {}, { overrides: { 'gtfs-rt-9002': { scheduleSeconds: 300 } } }).scheduleSeconds).toBe(300)
  })
})
