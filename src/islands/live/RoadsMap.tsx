import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState } from 'react'
import { reaction } from '../../lib/stores/reaction.ts'
import { useT } from '../../i18n/use-t.ts'
import { useInView } from '../weather/in-view.ts'
import { MapCredits } from '../weather/MapCredits.tsx'
import { useLiveDisplay } from './hooks.ts'
import type { RoadsMapDrawing } from './roads-map-draw.ts'

/** The impact levels a marker's colour stands for, most serious first (global.css, .road-marker). */
const LEVELS = ['critical', 'warning', 'info'] as const

/**
 * The traffic map: the page's point and each road item as a marker coloured by its impact, over
 * OpenStreetMap, with a legend of the colours and their words. It comes before the list (issue 38); on a phone
 * it is a strip the visitor can make larger. Leaflet (about 42 KB gzip), its CSS and the drawing (roads-map-draw.ts) load when the map scrolls
 * into view once the page has loaded and the road data is in (useInView), never with the first paint. The box
 * keeps the size the page reserved, so nothing moves; tiles that fail to load leave a message, not a grey box.
 */
export function RoadsMap() {
  const t = useT()
  const { point } = useLiveDisplay()
  const state = useStore(reaction.$state)
  const box = useRef<HTMLDivElement>(null)
  const drawing = useRef<RoadsMapDrawing | null>(null)
  const roads = state.state === 'ok' ? state.data.roads.messages : []
  const wanted = useInView(box, point !== null && state.state === 'ok')
  const [ready, setReady] = useState(false)
  const [open, setOpen] = useState(false)
  const [tilesFailed, setTilesFailed] = useState(false)
  const id = useId()

  useEffect(() => {
    if (!point || !wanted) return
    let cancelled = false
    void import('./roads-map-draw.ts')
      .then(({ drawRoadsMap }) => (box.current ? drawRoadsMap(box.current, point, (ok) => setTilesFailed(!ok)) : null))
      .then((drawn) => {
        if (!drawn) return
        if (cancelled) return drawn.remove()
        drawing.current = drawn
        setReady(true)
      })
    return () => {
      cancelled = true
      drawing.current?.remove()
      drawing.current = null
    }
  }, [point, wanted])

  // The strip grew or shrank: Leaflet measures its box again.
  useEffect(() => {
    drawing.current?.resize()
  }, [open])

  useEffect(() => {
    if (ready && t) drawing.current?.markers(roads, t)
  }, [ready, roads, t])

  if (!point) return <p className="empty-title">{t?.('state.noLocation') ?? ''}</p>
  return (
    <div className="radar roads-map" data-open={open || undefined}>
      {/* Its words and the button come with the dictionary, whole: a label growing from nothing moved its neighbours. */}
      <ul className="map-legend" aria-label={t?.('roads.legend') ?? ''}>
        {t &&
          LEVELS.map((level) => (
            <li key={level}>
              <span className={`legend-dot sev-${level}`} aria-hidden="true" />
              {t(`priority.${level}`)}
            </li>
          ))}
      </ul>
      <div className="radar-box">
        <div
          ref={box}
          id={id}
          className="radar-map"
          role="region"
          aria-label={t?.('roads.mapLabel') ?? ''}
          aria-busy={!ready}
          data-ready={ready || undefined}
        />
        {t && (
          <button type="button" className="map-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
            {t(open ? 'roads.mapSmaller' : 'roads.mapLarger')}
          </button>
        )}
        {tilesFailed && (
          <p className="map-error" role="status">
            {t?.('roads.tilesFailed') ?? ''}
          </p>
        )}
      </div>
      <MapCredits />
    </div>
  )
}
