import { air } from '../../lib/stores/weather/air.ts'
import { AQI_COLORS } from '../../lib/weather/air.ts'
import { SourceCard } from './Card.tsx'
import { useT, type T } from '../../i18n/use-t.ts'

const CamsCredit = ({ t }: { t: T }) => <a href="https://open-meteo.com/en/docs/air-quality-api">{t('attr.cams')}</a>

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

/** Pollen per type where the provider has it; for US points it says plainly there is none. */
export function PollenCard() {
  const t = useT()
  return (
    <SourceCard source={air} errorKey="error.air" attribution={t && <CamsCredit t={t} />}>
      {(data) =>
        t &&
        (data.pollen ? (
          <ul className="pollen">
            {data.pollen.map((p) => (
              <li key={p.type}>
                {t(`pollen.${p.type}`)}: <strong>{t(`pollen.${p.level}`)}</strong>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('pollen.none')}</p>
        ))
      }
    </SourceCard>
  )
}
