import type * as Leaflet from 'leaflet'
import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import { loadLeaflet } from '../../lib/client/leaflet.ts'
import { severityOf } from '../../lib/live/severity.ts'
import { OSM_TILES } from '../../lib/weather/radar.ts'
import { reaction } from '../../lib/stores/reaction.ts'
import { useT } from '../../i18n/use-t.ts'
import { useInView } from '../weather/in-view.ts'
import { MapCredits } from '../weather/MapCredits.tsx'
import { useLiveDisplay } from './hooks.ts'

const ZOOM = 10

/**
 * The traffic map: the page's point and each road item as a marker coloured by severity, over
 * OpenStreetMap. Leaflet (about 42 KB gzip) and its CSS load when the map scrolls into view once the
 * page has loaded and the road data is in (useInView), never with the first paint; on a phone the map
 * comes after the list (SectionShell), which keyboard and screen-reader users reach first. The box keeps
 * the size the page reserved, so nothing moves.
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

  useEffect(() => {
    if (!point || !wanted) return
    let cancelled = false
    void loadLeaflet().then((L) => {
      if (cancelled || !box.current) return
      const map = L.map(box.current, { center: [point.lat, point.lon], zoom: ZOOM, attributionControl: false })
      L.tileLayer(OSM_TILES, { maxZoom: 19 }).addTo(map)
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

  useEffect(() => {
    const current = loaded.current
    if (!current || !ready) return
    current.markers.clearLayers()
    for (const item of roads) {
      if (!Number.isFinite(item.lat) || !Number.isFinite(item.lon)) continue
      const label = document.createElement('span')
      // Text, never HTML: road titles are staff input.
      label.textContent = item.state ? `${item.title} (${item.state})` : item.title
      current.L.circleMarker([item.lat, item.lon], { radius: 9, className: `road-marker sev-${severityOf(item, 'roads')}` })
        .bindTooltip(label)
        .addTo(current.markers)
    }
  }, [ready, roads])

  if (!point) return <p className="empty-title">{t?.('state.noLocation') ?? ''}</p>
  return (
    <div className="radar">
      <div
        ref={box}
        className="radar-map"
        role="region"
        aria-label={t?.('roads.mapLabel') ?? ''}
        aria-busy={!ready}
        data-ready={ready || undefined}
      />
      <MapCredits />
    </div>
  )
}
