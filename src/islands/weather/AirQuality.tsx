import { air } from '../../lib/stores/weather/air.ts'
import { AQI_COLORS } from '../../lib/weather/air.ts'
import { CamsCredit, SourceCard } from './Card.tsx'
import { useT } from '../../i18n/use-t.ts'

/** Forecast US AQI with its EPA category and colour, and the main pollutant. */
export function AirQuality() {
  const t = useT()
  return (
    <SourceCard source={air} errorKey="error.air" attribution={t && <CamsCredit t={t} />}>
      {(data) =>
        t &&
        (data.usAqi === null || !data.category ? (
          <p>—</p>
        ) : (
          <div className="aqi">
            <p className="aqi-value">
              <span className="aqi-dot" style={{ background: AQI_COLORS[data.category] }} aria-hidden="true" />
              <strong>{Math.round(data.usAqi)}</strong> {t(`air.${data.category}`)}
            </p>
            <p className="muted">{t('air.forecast')}</p>
            {data.dominant && <p>{t('air.dominant', { pollutant: t(`pollutant.${data.dominant}`) })}</p>}
          </div>
        ))
      }
    </SourceCard>
  )
}
