import { useStore } from '@nanostores/react'
import { useDeferredValue, useEffect, useRef, type ReactNode } from 'react'
import { formatAgo } from '../../lib/format.ts'
import { pageLang } from '../../lib/page-lang.ts'
import { $now } from '../../lib/stores/clock.ts'
import type { Source } from '../../lib/stores/source.ts'
import { $pagePoint } from '../../lib/stores/place.ts'
import { useT, type I18nKey, type T } from '../../i18n/use-t.ts'

/**
 * The states every data card shares: loading (skeleton), error with a retry, or the data with
 * its age, and a note when the last refresh failed but older data is still shown.
 */
export function SourceCard<D>(props: {
  source: Source<D>
  errorKey: I18nKey
  attribution?: ReactNode
  children: (data: D) => ReactNode
}) {
  // New data renders in the background, React yielding to the browser as it goes, and shows when
  // whole: a long list arriving is not one long task (total blocking time on a phone).
  const state = useDeferredValue(useStore(props.source.$state))
  const now = useStore($now)
  const t = useT()
  // Not useDisplay(): that would start a forecast request for cards that show other data.
  const point = useStore($pagePoint)
  const locale = pageLang()
  const root = useRef<HTMLDivElement>(null)
  const busy = !t || (point !== null && (state.state === 'idle' || state.state === 'loading'))
  const failed = !busy && state.state === 'error'
  useEffect(() => {
    const section = root.current?.closest('section')
    section?.setAttribute('aria-busy', String(busy))
    // A card that ends in an error gives back the room its data would take (SectionShell.astro): one compact line.
    section?.toggleAttribute('data-failed', failed)
  }, [busy, failed])

  if (t && !point)
    return (
      <div ref={root}>
        <p className="empty-title">{t('state.noLocation')}</p>
        <p className="muted">{t('state.noLocationHint')}</p>
      </div>
    )
  if (busy) return <div ref={root} className="skeleton" aria-hidden="true" />
  if (state.state === 'error')
    return (
      <div ref={root} className="card-error" role="alert">
        <p>{t(props.errorKey)}</p>
        <button type="button" className="button" onClick={props.source.retry}>
          {t('weather.retry')}
        </button>
      </div>
    )
  if (state.state !== 'ok') return null
  const ago = formatAgo(state.fetchedAt, now, locale)
  return (
    <div ref={root}>
      {props.children(state.data)}
      <p className="card-meta">
        {state.failed ? (
          <>
            {t('weather.stale', { ago })}{' '}
            <button type="button" className="link-button" onClick={props.source.retry}>
              {t('weather.retry')}
            </button>
          </>
        ) : (
          t('weather.updated', { ago })
        )}
      </p>
      {props.attribution && <p className="card-meta attribution">{props.attribution}</p>}
    </div>
  )
}

/** Open-Meteo's required credit line, next to its data. */
export const OpenMeteoCredit = ({ t }: { t: T }) => <a href="https://open-meteo.com/">{t('attr.openMeteo')}</a>

/** The CAMS credit of Open-Meteo's air-quality data (the AQI and pollen cards). */
export const CamsCredit = ({ t }: { t: T }) => <a href="https://open-meteo.com/en/docs/air-quality-api">{t('attr.cams')}</a>
