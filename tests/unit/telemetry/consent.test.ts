import { describe, expect, it } from 'vitest'
import { browserSignals, privacyObjection, telemetryState } from '../../../src/lib/telemetry/consent.ts'

const CS = 'InstrumentationKey=00000000-0000-4000-8000-000000000001;IngestionEndpoint=https://in.example.org/'

describe('privacyObjection', () => {
  it.each([
    [{}, null],
    [{ globalPrivacyControl: true }, 'gpc'],
    [{ globalPrivacyControl: false }, null],
    [{ globalPrivacyControl: 'true' }, null],
    [{ doNotTrack: '1' }, 'dnt'],
    [{ doNotTrack: 'yes' }, 'dnt'],
    [{ doNotTrack: '0' }, null],
    [{ doNotTrack: 'unspecified' }, null],
    [{ doNotTrack: null }, null],
    [{ msDoNotTrack: '1' }, 'dnt'],
    [{ windowDoNotTrack: '1' }, 'dnt'],
    [{ globalPrivacyControl: true, doNotTrack: '1' }, 'gpc'],
  ] as const)('%j → %s', (signals, objection) => {
    expect(privacyObjection(signals)).toBe(objection)
  })
})

describe('telemetryState', () => {
  it('is off without a connection string, whatever the browser says', () => {
    expect(telemetryState(undefined, {})).toEqual({ state: 'off', reason: 'unconfigured' })
    expect(telemetryState('', {})).toEqual({ state: 'off', reason: 'unconfigured' })
    expect(telemetryState('InstrumentationKey=not-a-guid', {})).toEqual({ state: 'off', reason: 'unconfigured' })
  })
  it('is off when the browser objects', () => {
    expect(telemetryState(CS, { globalPrivacyControl: true })).toEqual({ state: 'off', reason: 'gpc' })
    expect(telemetryState(CS, { doNotTrack: '1' })).toEqual({ state: 'off', reason: 'dnt' })
  })
  it('is on with a connection string and no objection', () => {
    expect(telemetryState(CS, { doNotTrack: '0' })).toMatchObject({
      state: 'on',
      connection: { ingestionEndpoint: 'https://in.example.org/' },
    })
  })
})

describe('browserSignals', () => {
  it('reads the navigator and the window', () => {
    expect(browserSignals({ globalPrivacyControl: true, doNotTrack: '1' }, { doNotTrack: 'yes' })).toEqual({
      globalPrivacyControl: true,
      doNotTrack: '1',
      msDoNotTrack: undefined,
      windowDoNotTrack: 'yes',
    })
  })
})
