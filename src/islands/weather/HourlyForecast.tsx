import { useState } from 'react'
import { formatHour } from '../../lib/format.ts'
import { formatPercent, formatTemperature, cToF } from '../../lib/units.ts'
import { forecast } from '../../lib/stores/weather/forecast.ts'
import type { Forecast } from '../../lib/weather/forecast.ts'
import { CHART_COLUMN, CHART_HEIGHT, CHART_ROWS, chartPoints, hourLabel } from '../../lib/weather/hourly-chart.ts'
import { describeWeather, weatherIcon } from '../../lib/weather/wmo.ts'
import { SourceCard, OpenMeteoCredit } from './Card.tsx'
import { conditionText } from './Condition.tsx'
import { useDisplay } from './hooks.ts'
import { useT, type T } from '../../i18n/use-t.ts'

const ICON = 28

/**
 * The next 24 hours as one chart that scrolls sideways: the hour (the weekday at midnight) in the visitor's
 * language and the place's time zone, the weather icon, the temperature line with each value in the chosen
 * unit, and the chance of precipitation as labelled bars; the same values as a table, built when opened.
 */
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
  const temp = (c: number | null) => (c === null ? '—' : formatTemperature(c, settings.temperature, locale))
  const percent = (value: number | null) => (value === null ? '—' : formatPercent(value, locale))
  const shown = hours.map((h) =>
    h.temperature === null ? null : settings.temperature === 'F' ? cToF(h.temperature) : h.temperature,
  )
  const points = chartPoints(
    shown,
    hours.map((h) => h.precipProbability),
  )
  const line = points.flatMap((p) => (p.y === null ? [] : [`${p.x},${p.y}`])).join(' ')
  const width = Math.max(1, hours.length) * CHART_COLUMN
  const known = hours.map((h) => h.temperature).filter((c): c is number => c !== null)
  const chances = hours.map((h) => h.precipProbability).filter((p): p is number => p !== null)
  const unit = settings.temperature === 'F' ? '°F' : '°C'
  // The table's hundred-odd cells are built when the visitor opens it, not with the chart (blocking time on load).
  const [tableOpen, setTableOpen] = useState(false)
  return (
    <>
      <p className="chart-legend" aria-hidden="true">
        <span className="chart-key chart-key-line">{`${t('weather.temperature')} (${unit})`}</span>
        <span className="chart-key chart-key-bar">{t('weather.precipChance')}</span>
      </p>
      {/* Wider than a phone: it scrolls sideways, so it takes keyboard focus (arrow keys scroll it). */}
      <div className="chart-scroll" tabIndex={0} role="group" aria-label={t('weather.hourly')}>
        <svg
          className="chart"
          width={width}
          height={CHART_HEIGHT}
          viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
          role="img"
          aria-label={t('weather.hourlyChart')}
          aria-describedby="wx-hourly-summary"
        >
          {points.map((p, i) => {
            const h = hours[i]
            if (!h) return null
            const label = hourLabel(h.time, locale, timeZone)
            return (
              <g key={h.time}>
                {label.day && (
                  <line className="chart-day" x1={p.x - CHART_COLUMN / 2} x2={p.x - CHART_COLUMN / 2} y1={0} y2={CHART_HEIGHT} />
                )}
                <text className={label.day ? 'chart-time chart-weekday' : 'chart-time'} x={p.x} y={CHART_ROWS.time}>
                  {label.text}
                </text>
                <svg className="chart-icon" x={p.x - ICON / 2} y={CHART_ROWS.icon} width={ICON} height={ICON}>
                  <use href={`/weather-icons.svg#${weatherIcon(describeWeather(h.code).kind, h.isDay)}`} />
                </svg>
                {p.bar && (
                  <rect className="chart-bar" x={p.x - 9} width={18} y={p.bar.y} height={Math.max(p.bar.height, 1)} rx={2} />
                )}
                <text className="chart-chance" x={p.x} y={CHART_ROWS.barLabel}>
                  {percent(h.precipProbability)}
                </text>
              </g>
            )
          })}
          {line.includes(' ') && <polyline className="chart-line" points={line} />}
          {points.map((p, i) =>
            p.y === null || !hours[i] ? null : (
              <g key={hours[i].time}>
                <circle className="chart-point" cx={p.x} cy={p.y} r={3.5} />
                <text className="chart-temp" x={p.x} y={p.y - 8}>
                  {temp(hours[i].temperature)}
                </text>
              </g>
            ),
          )}
        </svg>
      </div>
      <p className="sr-only" id="wx-hourly-summary">
        {known.length > 0 &&
          t('weather.hourlySummary', {
            low: temp(Math.min(...known)),
            high: temp(Math.max(...known)),
            chance: percent(chances.length ? Math.max(...chances) : null),
          })}
      </p>
      <details onToggle={(event) => setTableOpen(event.currentTarget.open)}>
        <summary>{t('weather.showTable')}</summary>
        {/* Wider than a phone in some languages: it scrolls inside the card, so it takes keyboard focus. */}
        {tableOpen && (
          <div className="table-scroll" tabIndex={0} role="group" aria-label={t('weather.hourlyChart')}>
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
                    <th scope="row">{formatHour(h.time, locale, timeZone)}</th>
                    <td>{conditionText(t, h.code)}</td>
                    <td>{temp(h.temperature)}</td>
                    <td>{percent(h.precipProbability)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
    </>
  )
}
