import { air } from '../../lib/stores/weather/air.ts'
import { CamsCredit, SourceCard } from './Card.tsx'
import { useT } from '../../i18n/use-t.ts'

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
