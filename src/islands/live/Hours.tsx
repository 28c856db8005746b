import { DAYS, formatTime, localClock, weekFrom, type DayHours, type DayKey, type OpenState } from '../../lib/live/hours.ts'
import type { Business } from '../../lib/live/business.ts'
import type { T } from '../../i18n/use-t.ts'

const dayNames = new Map<string, string[]>()

/**
 * Weekday names from Intl in the visitor's language (2026-11-23 was a Monday), made once per language:
 * a formatter per call cost a phone about 70 ms of blocked main thread for ten businesses' weeks.
 */
function dayName(day: DayKey, locale: string): string {
  let names = dayNames.get(locale)
  if (!names) {
    const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' })
    names = DAYS.map((_, index) => format.format(new Date(Date.UTC(2026, 10, 23 + index, 12))))
    dayNames.set(locale, names)
  }
  return names[DAYS.indexOf(day)] ?? day
}

/** Open, closed or closing soon, with the next change of state. */
export function OpenBadge({
  open,
  allDay,
  today,
  locale,
  t,
}: {
  open: OpenState
  allDay: boolean
  today: DayKey
  locale: string
  t: T
}) {
  if (open.state === 'unknown') return <span className="tag">{t('hours.unknown')}</span>
  if (open.state === 'open' && allDay && !open.closingSoon) return <span className="tag hours-open">{t('hours.allDay')}</span>
  if (open.state === 'open')
    return (
      <>
        <span className={`tag ${open.closingSoon ? 'hours-soon' : 'hours-open'}`}>
          {t(open.closingSoon ? 'hours.closingSoon' : 'hours.open')}
        </span>{' '}
        <span className="muted">{t('hours.closesAt', { time: formatTime(open.closesAt, locale) })}</span>
      </>
    )
  return (
    <>
      <span className="tag hours-closed">{t('hours.closed')}</span>{' '}
      {open.opensAt && (
        <span className="muted">
          {t('hours.opensAt', {
            day: open.opensAt.day === today ? t('hours.today').toLocaleLowerCase(locale) : dayName(open.opensAt.day, locale),
            time: formatTime(open.opensAt.minutes, locale),
          })}
        </span>
      )}
    </>
  )
}

/** Whether a day's hours are the whole day (00:00–24:00 or "24 hours"). */
export function isAllDay(hours: DayHours): boolean {
  return (
    hours.kind === 'open' && hours.intervals.length === 1 && hours.intervals[0]!.open === 0 && hours.intervals[0]!.close >= 1440
  )
}

function dayText(hours: DayHours, locale: string, t: T): string {
  switch (hours.kind) {
    case 'closed':
      return t('hours.closed')
    case 'none':
      return '—'
    case 'unknown':
      return hours.text
    case 'open':
      if (isAllDay(hours)) return t('hours.allDay')
      return hours.intervals.map((range) => `${formatTime(range.open, locale)}–${formatTime(range.close, locale)}`).join(', ')
  }
}

/** The whole week from today (in the business's time zone), and the owner's own hours text. */
export function Schedule({
  business,
  now,
  timeZone,
  locale,
  t,
}: {
  business: Business
  now: number
  timeZone: string
  locale: string
  t: T
}) {
  const today = localClock(new Date(now), timeZone).day
  return (
    <details className="schedule">
      <summary>{t('hours.title')}</summary>
      <table>
        <tbody>
          {weekFrom(today).map((day) => (
            <tr key={day} aria-current={day === today ? 'date' : undefined}>
              <th scope="row">
                {dayName(day, locale)}
                {day === today && <span className="sr-only"> ({t('hours.today')})</span>}
              </th>
              <td>{dayText(business.week[day], locale, t)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {business.hoursText && <p className="muted">{business.hoursText}</p>}
    </details>
  )
}
