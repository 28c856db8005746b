import { formatPercent, formatPrecipitation, formatSpeed, formatTemperature } from '../../lib/units.ts'
import { forecast } from '../../lib/stores/weather/forecast.ts'
import { sunscreenAdvised, uvLevel, uvToShow } from '../../lib/weather/uv.ts'
import { SourceCard, OpenMeteoCredit } from './Card.tsx'
import { WeatherIcon, conditionText } from './Condition.tsx'
import { compassKey, useDisplay } from './hooks.ts'
import { useT } from '../../i18n/use-t.ts'

/** Current conditions: temperature, condition, feels like, UV with advice, humidity, wind, rain. */
export function WeatherNow() {
  const t = useT()
  const { locale, settings } = useDisplay()
  const dash = '—'
  return (
    <SourceCard source={forecast} errorKey="error.weather" attribution={t && <OpenMeteoCredit t={t} />}>
      {({ current, daily }) => {
        if (!t) return null
        const temp = (c: number | null) => (c === null ? dash : formatTemperature(c, settings.temperature, locale))
        const uv = uvToShow(current.uv, daily[0]?.uvMax ?? null, current.isDay)
        const level = uv === null ? null : uvLevel(uv)
        return (
          <div className="now">
            <div className="now-main">
              <WeatherIcon code={current.code} isDay={current.isDay} size={64} />
              <p className="now-temp">{temp(current.temperature)}</p>
              <div>
                <p className="now-condition">{conditionText(t, current.code)}</p>
                <p>{t('weather.feelsLike', { temperature: temp(current.feelsLike) })}</p>
              </div>
            </div>
            <dl className="facts">
              <div>
                <dt>{t('weather.uv')}</dt>
                <dd>
                  {uv === null || level === null ? dash : `${Math.round(uv)} · ${t(`uv.${level}`)}`}
                  {level && <small>{t(sunscreenAdvised(level) ? 'uv.sunscreen' : 'uv.noSunscreen')}</small>}
                </dd>
              </div>
              <div>
                <dt>{t('weather.humidity')}</dt>
                <dd>{current.humidity === null ? dash : formatPercent(current.humidity, locale)}</dd>
              </div>
              <div>
                <dt>{t('weather.wind')}</dt>
                <dd>
                  {current.windSpeed === null ? dash : formatSpeed(current.windSpeed, settings.windSpeed, locale)}
                  {current.windDirection !== null && ` ${t('marine.from', { direction: t(compassKey(current.windDirection)) })}`}
                  {current.windGusts !== null && (
                    <small>{t('weather.gusts', { speed: formatSpeed(current.windGusts, settings.windSpeed, locale) })}</small>
                  )}
                </dd>
              </div>
              <div>
                <dt>{t('weather.rain')}</dt>
                <dd>
                  {current.rain === null && current.precipitation === null
                    ? dash
                    : formatPrecipitation(current.precipitation ?? current.rain ?? 0, settings.distance, locale)}
                </dd>
              </div>
            </dl>
          </div>
        )
      }}
    </SourceCard>
  )
}
