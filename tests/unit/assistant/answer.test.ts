import { describe, expect, it } from 'vitest'
import { answer } from '../../../src/lib/assistant/answer.ts'
import { readQuestion } from '../../../src/lib/assistant/intents.ts'
import { sourced } from '../../../src/lib/assistant/snapshot.ts'
import { addDays, hoursFor, localTime } from '../../../src/lib/assistant/time.ts'
import { FETCHED, NOW, businesses, snapshot, translator } from './fixture.ts'

const t = translator('en')
const ask = (question: string, overrides: Parameters<typeof snapshot>[0] = {}) => {
  const data = snapshot(overrides)
  const names = data.live.state === 'ok' ? data.live.data.businesses.map((b) => b.title) : []
  return answer(readQuestion(question, names), data, t, question)
}

describe('answers', () => {
  it('says plainly when its data is loading, failed, or old', () => {
    expect(ask('Will it rain tomorrow?', { forecast: { state: 'loading' } })).toEqual({
      text: 'The forecast is still loading. Please ask again in a moment.',
      cite: null,
    })
    expect(ask('How is the air?', { air: { state: 'error' } }).text).toBe(
      'The air quality data could not be loaded, so I cannot answer that right now.',
    )
    const old = snapshot().forecast
    if (old.state !== 'ok') throw new Error('fixture')
    expect(ask('Is it cold?', { forecast: { ...old, fetchedAt: NOW - 3 * 3_600_000, failed: true } }).cite).toBe(
      'From the forecast updated 3 hours ago. The latest update failed.',
    )
  })

  it('needs a place', () => {
    expect(ask('Will it rain?', { place: null }).text).toBe(t('assistant.noPlace'))
  })

  it('uses the visitor units', () => {
    const metric = { units: { temperature: 'C', windSpeed: 'kmh', distance: 'km' } } as const
    expect(ask('How cold is it?', metric).text).toBe('It is 3°C in Duvall, WA right now, feeling like 0°C (Overcast).')
    expect(ask('Is it windy?', metric).text).toBe('Wind in Duvall, WA right now: 7 km/h from the south, gusts up to 19 km/h.')
    expect(ask('Will it rain tomorrow?', metric).text).toContain('a total of about 5.2 mm')
  })

  it('tells what it only has for now', () => {
    expect(ask('Will it be windy tomorrow?').text).toMatch(
      /^I only have the current wind, not a wind forecast\. Wind in Duvall, WA right now/,
    )
    expect(ask('Air quality tomorrow?').text).toMatch(/^I only have the current air quality, not a forecast\. Air quality/)
    expect(ask('UV tonight?').text).toBe(t('assistant.uv.night'))
  })

  it('answers when nothing is reported', () => {
    const empty = {
      live: { state: 'ok' as const, data: { statuses: [], roads: [], businesses: [] }, fetchedAt: FETCHED, failed: false },
    }
    expect(ask('Any statuses?', empty).text).toBe('There are no local statuses for Duvall, WA.')
    expect(ask('Road conditions?', empty).text).toBe('No road conditions are reported near Duvall, WA.')
    expect(ask('What is open?', empty).text).toBe('No businesses are listed near Duvall, WA.')
    expect(ask('Any weather alerts?', { alerts: { state: 'ok', data: [], fetchedAt: FETCHED, failed: false } }).text).toBe(
      'There are no active weather alerts for Duvall, WA.',
    )
    expect(ask('Are schools open?', { live: { ...empty.live, data: { ...empty.live.data, businesses } } }).text).toBe(
      'There are no school statuses for Duvall, WA.',
    )
  })

  it('gives a business without readable hours as written', () => {
    expect(ask('Old Town Books hours?').text).toBe('Old Town Books lists its hours as: Call for hours')
  })

  it('counts open businesses at the moment of asking in the place time zone', () => {
    // 11:30 on Friday in Los Angeles: the pizzeria has opened, the taproom has not.
    const friday = Date.UTC(2026, 0, 16, 19, 30)
    expect(ask('What is open now?', { now: friday }).text).toBe(
      'Open now near Duvall, WA: Stella Street Pizza (until 10:00 PM); Duvall Fuel & Market (open 24 hours).',
    )
    expect(ask('When does the Valley Hop Taproom open?', { now: friday }).text).toBe(
      'Valley Hop Taproom is closed now. It opens today at 2:00 PM.',
    )
  })
})

describe('time scopes', () => {
  const zone = 'America/Los_Angeles'
  it('reads local dates across midnight and month ends', () => {
    expect(localTime(NOW, zone)).toEqual({ date: '2026-01-15', hour: 21 })
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
  })

  it('takes tonight from 18:00 to 06:00, and the night under way after midnight', () => {
    const forecast = snapshot().forecast
    if (forecast.state !== 'ok') throw new Error('fixture')
    const hours = forecast.data.hourly
    const tonight = hoursFor(hours, 'tonight', NOW, zone).map((hour) => localTime(hour.time, zone).hour)
    expect(tonight).toEqual([21, 22, 23, 0, 1, 2, 3, 4, 5])
    const twoAm = Date.UTC(2026, 0, 16, 10, 0)
    expect(hoursFor(hours, 'tonight', twoAm, zone).map((hour) => localTime(hour.time, zone).hour)).toEqual([2, 3, 4, 5])
    expect(hoursFor(hours, 'later', NOW, zone).map((hour) => localTime(hour.time, zone).hour)).toEqual([21, 22, 23])
  })
})

describe('sourced', () => {
  it('maps a source state, idle counting as loading', () => {
    expect(sourced({ state: 'idle' }, (x: number) => x)).toEqual({ state: 'loading' })
    expect(sourced({ state: 'error', message: 'x' }, (x: number) => x)).toEqual({ state: 'error' })
    expect(sourced({ state: 'ok', data: 2, fetchedAt: 5, refreshing: false, failed: true }, (x) => x * 2)).toEqual({
      state: 'ok',
      data: 4,
      fetchedAt: 5,
      failed: true,
    })
  })
})
