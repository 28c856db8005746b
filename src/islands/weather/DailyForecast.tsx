import { formatDateTime } from '../../lib/format.ts'
import { formatPercent, formatTemperature } from '../../lib/units.ts'
import { forecast } from '../../lib/stores/weather/forecast.ts'
import { SourceCard, OpenMeteoCredit } from './Card.tsx'
import { WeatherIcon, conditionText } from './Condition.tsx'
import { useDisplay } from './hooks.ts'
import { useT } from '../../i18n/use-t.ts'

/** Seven days: day name, icon, high and low, rain chance, sunrise and sunset in the place's time. */
export function DailyForecast() {
  const t = useT()
  const { locale, settings, timeZone } = useDisplay()
  const temp = (c: number | null) => (c === null ? '—' : formatTemperature(c, settings.temperature, locale))
  const time = (ms: number | null) =>
    ms === null ? '—' : formatDateTime(ms, locale, timeZone, { month: undefined, day: undefined })
  // Dates are the place's calendar days: read them at noon UTC so no time zone moves them.
  const dayName = (date: string, i: number) =>
    i === 0 && t
      ? t('weather.today')
      : new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.parse(`${date}T12:00:00Z`))
  return (
    <SourceCard source={forecast} errorKey="error.weather" attribution={t && <OpenMeteoCredit t={t} />}>
      {({ daily }) =>
        t && (
          <ul className="days">
            {daily.map((d, i) => (
              <li key={d.date}>
                <strong className="day-name">{dayName(d.date, i)}</strong>
                <WeatherIcon code={d.code} isDay />
                <span className="sr-only">{conditionText(t, d.code)}</span>
                <span>
                  <span className="sr-only">{t('weather.high')} </span>
                  {temp(d.max)}
                  {' / '}
                  <span className="sr-only">{t('weather.low')} </span>
                  <span className="muted">{temp(d.min)}</span>
                </span>
                <span>{d.precipProbability === null ? '—' : formatPercent(d.precipProbability, locale)}</span>
                <small className="muted">
                  {t('weather.sunrise')} {time(d.sunrise)} · {t('weather.sunset')} {time(d.sunset)}
                </small>
              </li>
            ))}
          </ul>
        )
      }
    </SourceCard>
  )
}
