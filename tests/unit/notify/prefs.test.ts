import { createECDH } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { localMinutes, minutesOf, prefsProblem, quietUntil, timeOf } from '../../../src/lib/notify/prefs.ts'
import { pointKey } from '../../../src/lib/geo.ts'
import { pointOfKey } from '../../../src/lib/notify/place-key.ts'
import { followedPlace } from '../../../server/lib/cities.ts'
import { endpointProblem, endpointShapeProblem, keysProblem } from '../../../server/notify/endpoint.ts'
import { backoffMs } from '../../../server/notify/send.ts'

const place = { place: 'wa/duvall', sections: ['statuses'], minPriority: 'Warning', quiet: null }

describe('notification preferences', () => {
  it('follows a map point by its page path rounded as coordPath rounds it (issue 38)', () => {
    expect(pointKey(47.74232, -121.98568)).toBe('z/47.74/-121.99')
    expect(pointKey(-0.001, 10)).toBe('z/0/10')
    expect(pointOfKey('z/47.74/-121.99')).toEqual({ lat: 47.74, lon: -121.99 })
    for (const bad of ['z/47.740/-121.99', 'z/91/0', 'z/47.7/-181', 'z/47/-121/x', 'wa/duvall', 'z/-0/1'])
      expect(pointOfKey(bad), bad).toBeNull()
    expect(prefsProblem({ lang: 'en', places: [{ ...place, place: 'z/47.74/-121.99' }] })).toBeNull()
    expect(prefsProblem({ lang: 'en', places: [{ ...place, place: 'z/47.744/-121.99' }] })).toMatch(/places\[0\]\.place/)
    // The API places it by its nearest city within 50 km (time zone, state); its name is its coordinates.
    expect(followedPlace('z/47.74/-121.99')).toMatchObject({
      route: 'z/47.74/-121.99',
      lat: 47.74,
      state: 'WA',
      timezone: 'America/Los_Angeles',
    })
    expect(followedPlace('z/0/-140')).toBeNull()
    expect(followedPlace('wa/duvall')).toMatchObject({ route: 'wa/duvall', name: 'Duvall' })
  })

  it('reads and writes HH:MM', () => {
    expect(minutesOf('07:30')).toBe(450)
    expect(minutesOf('24:00')).toBeNull()
    expect(timeOf(450)).toBe('07:30')
  })

  it('accepts good preferences and names the field of bad ones', () => {
    expect(prefsProblem({ lang: 'en', places: [place] })).toBeNull()
    expect(prefsProblem(null)).toMatch(/object/)
    expect(prefsProblem({ lang: 'en', places: [{ ...place, place: '../etc' }] })).toMatch(/places\[0\]\.place/)
    expect(prefsProblem({ lang: 'en', places: [{ ...place, sections: ['statuses', 'statuses'] }] })).toMatch(/sections/)
    expect(prefsProblem({ lang: 'en', places: [{ ...place, quiet: { start: '22:00', end: '22:00' } }] })).toMatch(/quiet/)
    expect(prefsProblem({ lang: 'en', places: Array(21).fill(place) })).toMatch(/at most 20/)
  })

  it('finds quiet hours in the place’s time zone, across midnight and DST', () => {
    const pst = 'America/Los_Angeles'
    // 06:00 UTC = 22:00 PST (winter): inside 22:00–07:00, which ends at 15:00 UTC.
    expect(quietUntil(new Date('2026-01-15T06:00:00Z'), pst, 22 * 60, 7 * 60)?.toISOString()).toBe('2026-01-15T15:00:00.000Z')
    expect(quietUntil(new Date('2026-01-15T05:59:00Z'), pst, 22 * 60, 7 * 60)).toBeNull()
    // Summer (PDT, UTC-7): 22:00 local is 05:00 UTC.
    expect(quietUntil(new Date('2026-07-15T05:00:00Z'), pst, 22 * 60, 7 * 60)?.toISOString()).toBe('2026-07-15T14:00:00.000Z')
    expect(quietUntil(new Date('2026-07-15T05:00:00Z'), pst, null, null)).toBeNull()
    expect(localMinutes(new Date('2026-01-15T12:30:00Z'), 'Asia/Tokyo')).toBe(21 * 60 + 30)
  })
})

describe('push endpoints and keys', () => {
  it('refuses what is not a public https URL, before any lookup', () => {
    expect(endpointShapeProblem('https://fcm.googleapis.com/fcm/send/abc', false)).toBeNull()
    for (const bad of [
      'http://fcm.googleapis.com/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://10.1.2.3/x',
      'https://169.254.169.254/latest',
      'https://localhost/x',
      'https://u:p@fcm.googleapis.com/x',
      'not a url',
      42,
    ])
      expect(endpointShapeProblem(bad, false), String(bad)).not.toBeNull()
    expect(endpointShapeProblem('http://127.0.0.1:8799/push/a', true)).toBeNull()
  })

  it('refuses a host that resolves to a private address', async () => {
    // A stand-in resolver: tests never ask real DNS.
    const dns: Record<string, string[]> = {
      'fcm.googleapis.com': ['93.184.215.14'],
      'rebind.push.apple.com': ['93.184.215.14', '10.0.0.7'],
    }
    const resolve = (host: string) =>
      dns[host] ? Promise.resolve(dns[host].map((address) => ({ address }))) : Promise.reject(new Error('ENOTFOUND'))
    expect(await endpointProblem('https://fcm.googleapis.com/x', false, resolve)).toBeNull()
    expect(await endpointProblem('https://rebind.push.apple.com/x', false, resolve)).toMatch(/private/)
    expect(await endpointProblem('https://nowhere.push.apple.com/x', false, resolve)).toMatch(/does not resolve/)
  })

  it('checks the browser’s keys: a point on P-256, a 16-byte secret', () => {
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    const key = ecdh.getPublicKey()
    expect(keysProblem(key.toString('base64url'), Buffer.alloc(16).toString('base64url'))).toBeNull()
    expect(keysProblem(Buffer.alloc(65).toString('base64url'), Buffer.alloc(16).toString('base64url'))).toMatch(/p256dh/)
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64)])
    expect(keysProblem(offCurve.toString('base64url'), Buffer.alloc(16).toString('base64url'))).toMatch(/p256dh/)
    expect(keysProblem(key.toString('base64url'), Buffer.alloc(8).toString('base64url'))).toMatch(/auth/)
  })

  it('backs off 30 s doubling to an hour', () => {
    expect([1, 2, 3, 10].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 3_600_000])
  })
})
