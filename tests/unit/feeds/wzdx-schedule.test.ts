// The schedule line of a recurring work zone (src/lib/live/schedule.ts), in six languages and the place's zone.
import { describe, expect, it } from 'vitest'
import de from '../../../src/i18n/de.json'
import en from '../../../src/i18n/en.json'
import es from '../../../src/i18n/es.json'
import fr from '../../../src/i18n/fr.json'
import ja from '../../../src/i18n/ja.json'
import zh from '../../../src/i18n/zh.json'
import { translator } from '../../../src/i18n/translate.ts'
import { scheduleText } from '../../../src/lib/live/schedule.ts'

const ZONE = 'America/Los_Angeles'
/** Occurrences on these days of December 2026, from and to these UTC hours (Los Angeles is UTC-8). */
const days = (list: number[], from: number, to: number) =>
  list.map((day) => ({ start: Date.UTC(2026, 11, day, from), end: Date.UTC(2026, 11, day, to) }))
const line = (occurrences: ReturnType<typeof days>, locale: string, texts: Parameters<typeof translator>[0]) =>
  scheduleText(occurrences, locale, ZONE, translator(texts, locale))?.replace(/\s/g, ' ')

describe('scheduleText', () => {
  it.each([
    ['en', en, 'Daily 6 AM–4 PM, Dec 2 – 5'],
    ['es', es, 'Todos los días 6:00–16:00, 2–5 dic'],
    ['fr', fr, 'Tous les jours 06 h–16 h, 2–5 déc.'],
    ['de', de, 'Täglich 06 Uhr–16 Uhr, 2.–5. Dez.'],
    ['ja', ja, '毎日 6時～16時（12/02～12/05）'],
    ['zh', zh, '每天 6时–16时（12/2 – 12/5）'],
  ])('tells days in a row as daily in %s', (locale, texts, expected) => {
    expect(line(days([2, 3, 4, 5], 14, 24), locale, texts)).toBe(expected)
  })

  it('names a run of weekdays, overnight, by the place’s days', () => {
    // 9 PM–5 AM local, Sunday to Thursday nights for two weeks.
    expect(line(days([7, 8, 9, 10, 11, 14, 15, 16, 17, 18], 5, 13), 'en', en)).toBe('Sun–Thu 9 PM–5 AM, Dec 6 – 17')
    expect(line(days([7, 8, 9, 10, 11, 14, 15, 16, 17, 18], 5, 13), 'es', es)).toBe('de dom a jue 21:00–5:00, 6–17 dic')
  })

  it('lists days of the week that are not in a row', () => {
    expect(line(days([1, 3, 8, 10], 17, 23), 'en', en)).toBe('Tue and Thu 9 AM–3 PM, Dec 1 – 10')
    expect(line(days([1, 3, 8, 10], 17, 23), 'fr', fr)).toBe('mar. et jeu. 09 h–15 h, 1–10 déc.')
  })

  it('lists irregular dates, and occurrences at different hours one by one', () => {
    expect(line(days([1, 4, 9], 17, 23), 'en', en)).toBe('9 AM–3 PM on Dec 1, Dec 4, and Dec 9')
    expect(line([...days([1], 17, 23), ...days([2], 16, 23)], 'en', en)).toBe(
      'Tue, Dec 1, 9:00 AM – 3:00 PM and Wed, Dec 2, 8:00 AM – 3:00 PM',
    )
    expect(line(days([1, 4, 9, 12, 15, 20], 17, 23), 'de', de)).toBe('09 Uhr–15 Uhr am 1. Dez., 4. Dez., 9. Dez. und 3 weitere')
  })

  it('says nothing for a single occurrence, and survives a bad zone', () => {
    expect(line(days([2], 14, 24), 'en', en)).toBeUndefined()
    expect(scheduleText(days([2, 3], 14, 22), 'en', 'Not/AZone', translator(en, 'en'))?.replace(/\s/g, ' ')).toBe(
      'Daily 2 PM–10 PM, Dec 2 – 3',
    )
  })
})
