import { formatDateTime } from '../../lib/format.ts'
import { formatPercent, formatTemperature, cToF } from '../../lib/units.ts'
import { forecast } from '../../lib/stores/weather/forecast.ts'
import type { Forecast } from '../../lib/weather/forecast.ts'
import { SourceCard, OpenMeteoCredit } from './Card.tsx'
import { WeatherIcon, conditionText } from './Condition.tsx'
import { useDisplay } from './hooks.ts'
import { useT, type T } from '../../i18n/use-t.ts'

const W = 600
const H = 160

/** The next 24 hours: a strip of hours, a chart of temperature and rain chance, and the same as a table. */
export function HourlyForecast() {
  const t = useT()
  return (
    <SourceCard source={forecast} errorKey="error.weather" attribution={t && <OpenMeteoCredit t={t} />}>
      {(data) => (t ? <Hours t={t} hours={data.hourly} /> : null)}
    </SourceCard>
  )
}

function Hours({ t, hours }: { t: T; hours: Forecast['hourly'] }) {
  const { locale, settings, timeZone } = useDisplay()
  const hour = (time: number) => formatDateTime(time, locale, timeZone, { month: undefined, day: undefined, minute: undefined })
  const temp = (c: number | null) => (c === null ? '—' : formatTemperature(c, settings.temperature, locale))
  const shown = hours.map((h) =>
    h.temperature === null ? null : settings.temperature === 'F' ? cToF(h.temperature) : h.temperature,
  )
  const known = shown.filter((v): v is number => v !== null)
  const [lo, hi] = [Math.min(...known), Math.max(...known)]
  const x = (i: number) => (hours.length > 1 ? (i / (hours.length - 1)) * (W - 40) + 20 : W / 2)
  const y = (v: number) => (hi === lo ? H / 2 : 20 + ((hi - v) / (hi - lo)) * (H - 60))
  const line = shown.flatMap((v, i) => (v === null ? [] : [`${x(i).toFixed(1)},${y(v).toFixed(1)}`])).join(' ')
  return (
    <>
      {/* Scrolls sideways, so it takes keyboard focus (arrow keys scroll it). */}
      <ol className="strip" tabIndex={0} aria-label={t('weather.hourly')}>
        {hours.map((h) => (
          <li key={h.time}>
            <span>{hour(h.time)}</span>
            <WeatherIcon code={h.code} isDay={h.isDay} />
            <strong>{temp(h.temperature)}</strong>
            <small>{h.precipProbability === null ? '—' : formatPercent(h.precipProbability, locale)}</small>
          </li>
        ))}
      </ol>
      <svg
        className="chart"
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t('weather.hourlyChart')}
      >
        {hours.map((h, i) =>
          h.precipProbability === null ? null : (
            <rect
              key={h.time}
              className="chart-bar"
              x={x(i) - 8}
              width={16}
              y={H - 10 - (h.precipProbability / 100) * 50}
              height={(h.precipProbability / 100) * 50}
            />
          ),
        )}
        {known.length > 1 && <polyline className="chart-line" points={line} vectorEffect="non-scaling-stroke" />}
      </svg>
      <details>
        <summary>{t('weather.showTable')}</summary>
        <table className="data-table">
          <caption className="sr-only">{t('weather.hourlyChart')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('weather.time')}</th>
              <th scope="col">{t('weather.conditions')}</th>
              <th scope="col">{t('weather.temperature')}</th>
              <th scope="col">{t('weather.precipChance')}</th>
            </tr>
          </thead>
          <tbody>
            {hours.map((h) => (
              <tr key={h.time}>
                <th scope="row">{hour(h.time)}</th>
                <td>{conditionText(t, h.code)}</td>
                <td>{temp(h.temperature)}</td>
                <td>{h.precipProbability === null ? '—' : formatPercent(h.precipProbability, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  )
}
