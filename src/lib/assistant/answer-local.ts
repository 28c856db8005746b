/** Answers from air quality, NWS alerts and Porchlight's live sections: statuses, roads, businesses' hours. */
import type { I18nFamily } from '../../i18n/translate.ts'
import { STATUS_WORDS } from '../items.ts'
import type { Business } from '../live/business.ts'
import { DAYS, formatTime, localClock, openState, type DayHours } from '../live/hours.ts'
import { categoryOf } from '../live/statuses.ts'
import type { Air } from '../weather/air.ts'
import type { WeatherAlert } from '../weather/alerts.ts'
import type { Context } from './context.ts'
import { hasKeyword, normalize } from './normalize.ts'
import type { LiveData } from './snapshot.ts'
import { weekdayName } from './time.ts'
import type { Scope } from './vocabulary.ts'

/** Words that narrow a statuses question to schools. */
const SCHOOL = ['school', 'escuela', 'colegio', 'ecole', 'schule', '学校', '休校', '停课']
const LIST_MAX = 6

function air(c: Context, data: Air, scope: Scope): string {
  if (data.usAqi === null || data.category === null) return c.t('assistant.noValue')
  const parts = [
    c.t('assistant.air.now', { place: c.place, aqi: String(Math.round(data.usAqi)), category: c.t(`air.${data.category}`) }),
  ]
  if (data.dominant) parts.push(c.t('assistant.air.pollutant', { pollutant: c.t(`pollutant.${data.dominant}`) }))
  parts.push(
    data.pollen
      ? c.t('assistant.air.pollen', {
          list: c.list(
            data.pollen.map((p) => c.t('assistant.item', { title: c.t(`pollen.${p.type}`), state: c.t(`pollen.${p.level}`) })),
          ),
        })
      : c.t('pollen.none'),
  )
  return c.join(scope === 'now' ? '' : c.t('assistant.air.onlyNow'), ...parts)
}

function alerts(c: Context, data: WeatherAlert[]): string {
  if (!data.length) return c.t('assistant.alerts.none', { place: c.place })
  const items = data.map((alert) => {
    const values = { event: alert.event, severity: c.t(`severity.${alert.severity}`) }
    return alert.expires === null
      ? c.t('assistant.alerts.itemOpen', values)
      : c.t('assistant.alerts.item', { ...values, time: c.dateTime(alert.expires) })
  })
  return c.t('assistant.alerts.some', { place: c.place, list: c.capped(items, LIST_MAX) })
}

/** A state word of the SPEC's vocabulary in the visitor's language; staff's own words as written. */
function stateWord(c: Context, state: string | null): string | null {
  const word = state?.trim().toLowerCase() ?? ''
  if (!word) return null
  return (STATUS_WORDS as readonly string[]).includes(word) ? c.t(`status.${word}` as I18nFamily<'status'>) : state
}

const item = (c: Context, title: string, state: string | null): string =>
  state ? c.t('assistant.item', { title, state }) : title

function statuses(c: Context, data: LiveData, question: string): string {
  const schools = SCHOOL.some((word) => hasKeyword(normalize(question), word))
  const chosen = schools ? data.statuses.filter((status) => categoryOf(status) === 'school') : data.statuses
  if (!chosen.length) return c.t(schools ? 'assistant.statuses.noSchools' : 'assistant.statuses.none', { place: c.place })
  const items = chosen.map((status) => item(c, status.title, stateWord(c, status.state)))
  return c.t('assistant.statuses.some', { place: c.place, list: c.capped(items, LIST_MAX) })
}

function roads(c: Context, data: LiveData): string {
  const items = data.roads.flatMap((group) =>
    group.entries.map((entry) => {
      const title = entry.id === group.itemId || !group.title ? entry.title : `${group.title}: ${entry.title}`
      const notes = [
        stateWord(c, entry.state),
        entry.direction && c.t(`direction.${entry.direction}`),
        entry.laneClosure ? c.t('roads.laneClosure') : null,
      ]
      return item(c, title, notes.filter(Boolean).join(', ') || null)
    }),
  )
  if (!items.length) return c.t('assistant.roads.none', { place: c.place })
  return c.t('assistant.roads.some', { place: c.place, list: c.capped(items, LIST_MAX) })
}

/** Whether a day's hours are the whole day ("24 hours"). */
const allDay = (hours: DayHours): boolean =>
  hours.kind === 'open' &&
  hours.intervals.length === 1 &&
  hours.intervals[0]?.open === 0 &&
  (hours.intervals[0]?.close ?? 0) >= 1440

function oneBusiness(c: Context, business: Business): string {
  const at = new Date(c.now)
  const state = openState(business.week, at, c.timeZone)
  const name = business.title
  const { day: today, minutes: nowMinutes } = localClock(at, c.timeZone)
  if (state.state === 'open' && allDay(business.week[today])) return c.t('assistant.business.allDay', { name })
  if (state.state === 'open')
    return c.t(state.closingSoon ? 'assistant.business.closingSoon' : 'assistant.business.open', {
      name,
      time: formatTime(state.closesAt, c.locale),
    })
  if (state.state === 'closed' && state.opensAt) {
    const { day, minutes } = state.opensAt
    const time = formatTime(minutes, c.locale)
    // The same weekday at an earlier time is a week away.
    if (day === today && minutes > nowMinutes) return c.t('assistant.business.closedToday', { name, time })
    // 2026-11-23 was a Monday: DAYS index i is that date plus i days.
    return c.t('assistant.business.closed', { name, day: weekdayName(`2026-11-${23 + DAYS.indexOf(day)}`, c.locale), time })
  }
  if (state.state === 'closed') return c.t('assistant.business.closedNoHours', { name })
  return business.hoursText
    ? c.t('assistant.business.hoursText', { name, hours: business.hoursText })
    : c.t('assistant.business.noHours', { name })
}

function open(c: Context, data: LiveData, business: number | null): string {
  if (!data.businesses.length) return c.t('assistant.open.noBusinesses', { place: c.place })
  const named = business === null ? undefined : data.businesses[business]
  if (named) return oneBusiness(c, named)
  const at = new Date(c.now)
  const today = localClock(at, c.timeZone).day
  const items = data.businesses.flatMap((entry) => {
    const state = openState(entry.week, at, c.timeZone)
    if (state.state !== 'open') return []
    return allDay(entry.week[today])
      ? [c.t('assistant.open.allDay', { name: entry.title })]
      : [c.t('assistant.open.until', { name: entry.title, time: formatTime(state.closesAt, c.locale) })]
  })
  if (!items.length) return c.t('assistant.open.none', { place: c.place })
  return c.t('assistant.open.some', { place: c.place, list: c.capped(items, 8) })
}

/** The topics answered from air quality, alerts and Porchlight's live data. */
export const LOCAL_ANSWERS = { air, alerts, statuses, roads, open } as const
