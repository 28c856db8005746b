import { describe, expect, it } from 'vitest'
import { SESSION_EXPIRATION_MS, SESSION_RENEWAL_MS, parseConnectionString, sdkConfig } from '../../../src/lib/telemetry/config.ts'

const KEY = '00000000-0000-4000-8000-000000000001'

describe('parseConnectionString', () => {
  it.each([
    [`InstrumentationKey=${KEY}`, 'https://dc.services.visualstudio.com/'],
    [
      `InstrumentationKey=${KEY};IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/;LiveEndpoint=https://x/`,
      'https://westeurope-5.in.applicationinsights.azure.com/',
    ],
    [` instrumentationkey = ${KEY} ; ingestionendpoint = http://localhost:8790/ `, 'http://localhost:8790/'],
    [`InstrumentationKey=${KEY};IngestionEndpoint=http://127.0.0.1:8790`, 'http://127.0.0.1:8790/'],
  ])('%s → %s', (value, endpoint) => {
    expect(parseConnectionString(value)).toMatchObject({ instrumentationKey: KEY, ingestionEndpoint: endpoint })
  })

  it.each([
    undefined,
    '',
    'garbage',
    'InstrumentationKey=',
    'InstrumentationKey=abc',
    `IngestionEndpoint=https://in.example.org/`,
    `InstrumentationKey=${KEY};IngestionEndpoint=http://in.example.org/`,
    `InstrumentationKey=${KEY};IngestionEndpoint=javascript:alert(1)`,
    `InstrumentationKey=${KEY};IngestionEndpoint=https://user:pw@in.example.org/`,
    `InstrumentationKey=${KEY};IngestionEndpoint=not a url`,
  ])('refuses %j', (value) => {
    expect(parseConnectionString(value)).toBeNull()
  })
})

describe('sdkConfig', () => {
  const config = sdkConfig(parseConnectionString(`InstrumentationKey=${KEY}`)!)
  it('keeps sessions 24 h with 30 min renewal', () => {
    expect(SESSION_RENEWAL_MS).toBe(1_800_000)
    expect(SESSION_EXPIRATION_MS).toBe(86_400_000)
    expect(config).toMatchObject({ sessionRenewalMs: SESSION_RENEWAL_MS, sessionExpirationMs: SESSION_EXPIRATION_MS })
    expect(config.maxBatchInterval).toBe(5_000)
  })
  it('hands a page view to the channel at once, so a page left early keeps it', () => {
    expect(config.overridePageViewDuration).toBe(true)
  })
  it('turns off the collectors the site replaces, and any remote configuration', () => {
    expect(config).toMatchObject({
      connectionString: `InstrumentationKey=${KEY}`,
      disableAjaxTracking: true,
      disableFetchTracking: true,
      disableCorrelationHeaders: true,
      disableExceptionTracking: true,
      enableAutoRouteTracking: false,
      extensionConfig: { AppInsightsCfgSyncPlugin: { blkCdnCfg: true, cfgUrl: '' } },
    })
  })
})
