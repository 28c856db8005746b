import type { Forecast } from '../../lib/weather/forecast.ts'
import type { SourceState } from '../../lib/retry.ts'
import type { Settings } from '../../lib/decode/stored-settings.ts'
import { formatPercent, formatTemperature } from '../../lib/units.ts'
import { forecast } from '../../lib/stores/weather/forecast.ts'
import { OpenMeteoCredit } from '../weather/Card.tsx'
import { WeatherIcon, conditionText } from '../weather/Condition.tsx'
import type { T } from '../../i18n/use-t.ts'
import { Failed, Pending } from './parts.tsx'

/** The current temperature and condition, today's high and low and chance of rain. */
export function NowWeather(props: {
  state: SourceState<Forecast>
  t: T
  settings: Settings
  locale: string
  weatherHref: string
}) {
  const { state, t, settings, locale } = props
  if (state.state === 'error') return <Failed t={t} errorKey="error.weather" retry={forecast.retry} />
  if (state.state !== 'ok') return <Pending className="dash-skeleton-weather" />
  const { current, daily } = state.data
  const today = daily[0]
  const temp = (c: number | null | undefined) =>
    c === null || c === undefined ? '—' : formatTemperature(c, settings.temperature, locale)
  const chance = today?.precipProbability
  return (
    <div className="dash-weather">
      <WeatherIcon code={current.code} isDay={current.isDay} size={56} />
      <p className="dash-temp">{temp(current.temperature)}</p>
      <div className="dash-today">
        <p className="now-condition">{conditionText(t, current.code)}</p>
        <p>{t('dash.todayRange', { high: temp(today?.max), low: temp(today?.min) })}</p>
        <p>{chance === null || chance === undefined ? '—' : t('dash.rainChance', { percent: formatPercent(chance, locale) })}</p>
        <p className="card-meta attribution">
          <a href={props.weatherHref}>{t('nav.weather')}</a> · <OpenMeteoCredit t={t} />
        </p>
      </div>
    </div>
  )
}
