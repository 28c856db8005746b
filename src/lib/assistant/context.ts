/** Formatting shared by the answers: the visitor's units and language, the place's time zone. */
import type { I18nKey, T } from '../../i18n/translate.ts'
import { formatDateTime, safeZone } from '../format.ts'
import { formatPercent, formatPrecipitation, formatSpeed, formatTemperature } from '../units.ts'
import { describeWeather } from '../weather/wmo.ts'
import type { Snapshot } from './snapshot.ts'
import type { Scope } from './vocabulary.ts'

/** The page's translator (src/i18n/translate.ts). */
export type { T }

export type Context = ReturnType<typeof makeContext>

/** The "Later today" … "This week" words that start an answer. */
const WHEN: Record<Scope, I18nKey> = {
  now: 'assistant.when.now',
  later: 'assistant.when.later',
  tonight: 'assistant.when.tonight',
  tomorrow: 'assistant.when.tomorrow',
  week: 'assistant.when.week',
}

const SEPARATORS: Record<string, string> = { ja: '、', zh: '；' }

/**
 * Formatters bound to one snapshot and dictionary.
 * @example makeContext(snapshot, t).temp(20) // '68°F'
 */
export function makeContext(snapshot: Snapshot, t: T) {
  const { locale, units } = snapshot
  const timeZone = safeZone(snapshot.place?.timeZone ?? 'UTC')
  const dash = '—'
  const cjk = /^(ja|zh)/.test(locale)
  return {
    t,
    locale,
    timeZone,
    now: snapshot.now,
    place: snapshot.place?.name ?? t('assistant.thisPlace'),
    temp: (c: number | null): string => (c === null ? dash : formatTemperature(c, units.temperature, locale)),
    speed: (kmh: number | null): string => (kmh === null ? dash : formatSpeed(kmh, units.windSpeed, locale)),
    percent: (value: number | null): string => (value === null ? dash : formatPercent(value, locale)),
    precip: (mm: number | null): string => (mm === null ? dash : formatPrecipitation(mm, units.distance, locale)),
    condition(code: number | null): string {
      const { kind, intensity } = describeWeather(code)
      const name = t(`wmo.${kind}`)
      return intensity ? t('wmo.withIntensity', { kind: name, intensity: t(`intensity.${intensity}`) }) : name
    },
    /** A clock time in the place's zone ('9:00 PM'). */
    clock: (time: number): string => formatDateTime(time, locale, timeZone, { month: undefined, day: undefined }),
    dateTime: (time: number): string => formatDateTime(time, locale, timeZone),
    when: (scope: Scope): string => t(WHEN[scope]),
    list: (items: string[]): string => new Intl.ListFormat(locale, { type: 'conjunction' }).format(items),
    /** Sentences joined as the language writes them: Japanese and Chinese use no space. */
    join: (...sentences: string[]): string => sentences.filter(Boolean).join(cjk ? '' : ' '),
    /** At most `max` items, separated as the language writes lists of clauses, then "(+N more)". */
    capped(items: string[], max: number): string {
      const shown = items.slice(0, max).join(SEPARATORS[locale.slice(0, 2)] ?? '; ')
      return items.length > max ? `${shown} ${t('banner.more', { count: String(items.length - max) })}` : shown
    },
  }
}
