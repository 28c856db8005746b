// The roads map's drawing (RoadsMap.tsx): Leaflet, the tiles, the page's point and a marker per road item. Loaded
// with Leaflet when the map is first wanted, so none of it is in the page's JavaScript before then (size budget).
import { loadLeaflet, watchTiles } from '../../lib/client/leaflet.ts'
import { roadLines } from '../../lib/live/road-path.ts'
import { severityOf, type Severity } from '../../lib/live/severity.ts'
import { OSM_TILES } from '../../lib/weather/radar.ts'
import type { AlertItem } from '../../lib/items.ts'
import type { T } from '../../i18n/use-t.ts'
import { stateLabel } from './Entry.tsx'

const ZOOM = 10
/**
 * A segment's stroke per impact: the colours of .road-marker and .legend-dot (global.css), given here as Leaflet's
 * path options so the page's stylesheet carries nothing for a map that loads later. Under each, a wider white
 * casing keeps the line apart from the tiles' own roads in both themes.
 */
const STROKE: Record<Severity, string> = { critical: '#c62828', warning: '#e2a02c', info: '#0b84c6' }

export type RoadsMapDrawing = {
  /** Draws the road items as their segments (when they have one) and markers, replacing the last ones. */
  markers: (roads: AlertItem[], t: T) => void
  /** The box changed size (the strip made larger or smaller). */
  resize: () => void
  remove: () => void
}

/**
 * The map in `box` around the point. `onTiles(false)` when no tile at all loads (offline, the tile server down),
 * `onTiles(true)` once one does: the island then shows a message instead of a grey box.
 */
export async function drawRoadsMap(
  box: HTMLElement,
  point: { lat: number; lon: number },
  onTiles: (ok: boolean) => void,
): Promise<RoadsMapDrawing> {
  const L = await loadLeaflet()
  const map = L.map(box, { center: [point.lat, point.lon], zoom: ZOOM, attributionControl: false })
  const tiles = L.tileLayer(OSM_TILES, { maxZoom: 19 })
  watchTiles(tiles, () => onTiles(false))
  // A tile that loads later (back online, the map moved) takes the message away.
  tiles.on('tileload', () => onTiles(true)).addTo(map)
  L.circleMarker([point.lat, point.lon], { radius: 7, className: 'radar-marker', interactive: false }).addTo(map)
  // Segments under every marker: a marker stays clickable where a line crosses it.
  const segments = L.layerGroup().addTo(map)
  const layer = L.layerGroup().addTo(map)
  return {
    markers: (roads, t) => {
      segments.clearLayers()
      layer.clearLayers()
      for (const item of roads) {
        if (!Number.isFinite(item.lat) || !Number.isFinite(item.lon)) continue
        const level = severityOf(item, 'roads')
        // Text, never HTML: road titles are staff input. The words say what the colour says.
        const text = [item.title, item.state ? stateLabel(item.state, t) : null, t(`priority.${level}`)]
          .filter(Boolean)
          .join(' · ')
        const label = document.createElement('span')
        label.textContent = text
        for (const line of roadLines(item.path)) {
          L.polyline(line, { color: '#fff', weight: 9, opacity: 0.9, interactive: false }).addTo(segments)
          L.polyline(line, { color: STROKE[level], weight: 5, opacity: 0.95, className: `road-line sev-${level}` })
            .bindTooltip(label.cloneNode(true) as HTMLElement, { sticky: true })
            .addTo(segments)
        }
        const marker = L.circleMarker([item.lat, item.lon], { radius: 9, className: `road-marker sev-${level}` })
          .bindTooltip(label)
          .addTo(layer)
        const path = marker.getElement()
        path?.setAttribute('role', 'img')
        path?.setAttribute('aria-label', text)
      }
    },
    resize: () => map.invalidateSize(),
    remove: () => map.remove(),
  }
}
