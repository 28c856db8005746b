import type * as Leaflet from 'leaflet'
import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState } from 'react'
import { loadLeaflet } from '../../lib/client/leaflet.ts'
import { severityOf } from '../../lib/live/severity.ts'
import { OSM_TILES } from '../../lib/weather/radar.ts'
import { reaction } from '../../lib/stores/reaction.ts'
import { useT } from '../../i18n/use-t.ts'
import { useInView } from '../weather/in-view.ts'
import { MapCredits } from '../weather/MapCredits.tsx'
import { useLiveDisplay } from './hooks.ts'
import { stateLabel } from './Entry.tsx'

const ZOOM = 10
/** The impact levels a marker's colour stands for, most serious first (global.css, .road-marker). */
const LEVELS = ['critical', 'warning', 'info'] as const

/**
 * The traffic map: the page's point and each road item as a marker coloured by its impact, over
 * OpenStreetMap, with a legend of the colours and their words. It comes before the list (issue 38); on a phone
 * it is a strip the visitor can make larger. Leaflet (about 42 KB gzip) and its CSS load when the map scrolls
 * into view once the page has loaded and the road data is in (useInView), never with the first paint. The box
 * keeps the size the page reserved, so nothing moves; tiles that fail to load leave a message, not a grey box.
 */
export function RoadsMap() {
  const t = useT()
  const { point } = useLiveDisplay()
  const state = useStore(reaction.$state)
  const box = useRef<HTMLDivElement>(null)
  const loaded = useRef<{ L: typeof Leaflet; map: Leaflet.Map; markers: Leaflet.LayerGroup } | null>(null)
  const roads = state.state === 'ok' ? state.data.roads.messages : []
  const wanted = useInView(box, point !== null && state.state === 'ok')
  const [ready, setReady] = useState(false)
  const [open, setOpen] = useState(false)
  const [tilesFailed, setTilesFailed] = useState(false)
  const id = useId()

  useEffect(() => {
    if (!point || !wanted) return
    let cancelled = false
    void loadLeaflet().then((L) => {
      if (cancelled || !box.current) return
      const map = L.map(box.current, { center: [point.lat, point.lon], zoom: ZOOM, attributionControl: false })
      // No tile at all (offline, the tile server down): a message instead of a grey box. A single failed tile is not.
      let anyTile = false
      L.tileLayer(OSM_TILES, { maxZoom: 19 })
        .on('tileload', () => {
          anyTile = true
          setTilesFailed(false)
        })
        .on('tileerror', () => setTilesFailed(!anyTile))
        .addTo(map)
      L.circleMarker([point.lat, point.lon], { radius: 7, className: 'radar-marker', interactive: false }).addTo(map)
      loaded.current = { L, map, markers: L.layerGroup().addTo(map) }
      setReady(true)
    })
    return () => {
      cancelled = true
      loaded.current?.map.remove()
      loaded.current = null
    }
  }, [point, wanted])

  // The strip grew or shrank: Leaflet measures its box again.
  useEffect(() => {
    loaded.current?.map.invalidateSize()
  }, [open])

  useEffect(() => {
    const current = loaded.current
    if (!current || !ready || !t) return
    current.markers.clearLayers()
    for (const item of roads) {
      if (!Number.isFinite(item.lat) || !Number.isFinite(item.lon)) continue
      const level = severityOf(item, 'roads')
      // Text, never HTML: road titles are staff input. The words say what the colour says.
      const text = [item.title, item.state ? stateLabel(item.state, t) : null, t(`priority.${level}`)].filter(Boolean).join(' · ')
      const label = document.createElement('span')
      label.textContent = text
      const marker = current.L.circleMarker([item.lat, item.lon], { radius: 9, className: `road-marker sev-${level}` })
        .bindTooltip(label)
        .addTo(current.markers)
      const path = marker.getElement()
      path?.setAttribute('role', 'img')
      path?.setAttribute('aria-label', text)
    }
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
