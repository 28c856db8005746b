import { useStore } from '@nanostores/react'
import { useEffect, useRef } from 'react'
import { formatHeight, formatTemperature } from '../../lib/units.ts'
import { marine } from '../../lib/stores/weather/marine.ts'
import { SourceCard, OpenMeteoCredit } from './Card.tsx'
import { compassKey, useDisplay } from './hooks.ts'
import { useT } from '../../i18n/use-t.ts'

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
  /** Waves and swell: height, period and where they come from. */
  const sea = (label: string, height: number | null, seconds: number | null, from: number | null) => (
    <div>
      <dt>{label}</dt>
      <dd>
        {height === null ? '—' : formatHeight(height, settings.distance, locale)}
        {period(seconds)}
        {dir(from)}
      </dd>
    </div>
  )
  return (
    <>
      <span ref={anchor} hidden />
      <SourceCard source={marine} errorKey="error.marine" attribution={t && <OpenMeteoCredit t={t} />}>
        {(data) =>
          t &&
          data && (
            <dl className="facts">
              {sea(t('marine.waves'), data.waveHeight, data.wavePeriod, data.waveDirection)}
              {sea(t('marine.swell'), data.swellHeight, data.swellPeriod, data.swellDirection)}
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
