import { useStore } from '@nanostores/react'
import { useEffect, useRef } from 'react'
import { formatHeight, formatTemperature } from '../../lib/units.ts'
import { marine } from '../../lib/stores/weather/marine.ts'
import { SourceCard, OpenMeteoCredit } from './Card.tsx'
import { compassKey, useDisplay, useT } from './hooks.ts'

/** Waves, swell and water temperature; the card is removed where the point has no marine data. */
export function MarineCard() {
  const t = useT()
  const state = useStore(marine.$state)
  const { locale, settings } = useDisplay()
  const anchor = useRef<HTMLSpanElement>(null)
  const none = state.state === 'ok' && state.data === null
  useEffect(() => {
    const card = anchor.current?.closest('section')
    if (card) card.hidden = none
  }, [none])
  const dir = (deg: number | null) => (deg === null ? '' : ` ${t?.('marine.from', { direction: t(compassKey(deg)) }) ?? ''}`)
  const period = (s: number | null) => (s === null ? '' : ` · ${t?.('marine.period', { seconds: s.toFixed(0) }) ?? ''}`)
  return (
    <>
      <span ref={anchor} hidden />
      <SourceCard source={marine} errorKey="error.marine" attribution={t && <OpenMeteoCredit t={t} />}>
        {(data) =>
          t &&
          data && (
            <dl className="facts">
              <div>
                <dt>{t('marine.waves')}</dt>
                <dd>
                  {data.waveHeight === null ? '—' : formatHeight(data.waveHeight, settings.distance, locale)}
                  {period(data.wavePeriod)}
                  {dir(data.waveDirection)}
                </dd>
              </div>
              <div>
                <dt>{t('marine.swell')}</dt>
                <dd>
                  {data.swellHeight === null ? '—' : formatHeight(data.swellHeight, settings.distance, locale)}
                  {period(data.swellPeriod)}
                  {dir(data.swellDirection)}
                </dd>
              </div>
              <div>
                <dt>{t('marine.water')}</dt>
                <dd>
                  {data.waterTemperature === null ? '—' : formatTemperature(data.waterTemperature, settings.temperature, locale)}
                </dd>
              </div>
            </dl>
          )
        }
      </SourceCard>
    </>
  )
}
