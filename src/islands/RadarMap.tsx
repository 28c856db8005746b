import type * as Leaflet from 'leaflet'
import { useEffect, useRef, useState } from 'react'
import { loadLeaflet, watchTiles } from '../lib/client/leaflet.ts'
import { formatDateTime } from '../lib/format.ts'
import {
  OSM_TILES,
  RADAR_FRAME_MS,
  RADAR_OPACITY,
  RADAR_REFRESH_MS,
  RADAR_ZOOM,
  TMS_URL,
  latestFrameTime,
  radarCovers,
  radarFrames,
  refreshedIndex,
  type RadarFrame,
} from '../lib/weather/radar.ts'
import { useInView } from './weather/in-view.ts'
import { MapCredits } from './weather/MapCredits.tsx'

export type RadarMapLabels = {
  play: string
  pause: string
  now: string
  /** Template with {{time}}. */
  frame: string
  outside: string
  error: string
  /** The base map's tiles all failed / every radar frame's tiles failed (a network outage, IEM down). */
  tiles: string
  frames: string
  retry: string
  /** Accessible name of the map region. */
  map: string
}

export type RadarMapProps = { lat: number; lon: number; timeZone: string; locale: string; labels: RadarMapLabels }

type Status = 'loading' | 'ready' | 'error'
type View = { frames: RadarFrame[]; index: number }
type Loaded = { L: typeof Leaflet; map: Leaflet.Map; layers: Map<number, Leaflet.TileLayer> }
/** Which images did not come: none, the base map's, or the radar's (the shown frame's tiles all failed). */
type Missing = 'none' | 'tiles' | 'frames'

/** The newest N0Q time from IEM, or the computed one when the metadata cannot be had. */
async function fetchLatest(signal: AbortSignal): Promise<number> {
  const tms: unknown = await fetch(TMS_URL, { signal })
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null)
  return latestFrameTime(tms, Date.now())
}

/**
 * Radar loop over an OpenStreetMap base map: Leaflet and its CSS load only once the map is on screen, after the
 * page has loaded (useInView), so the first paint never pays for them. The credits sit under the map. Outside the CONUS mosaic it shows the base map, the marker and `labels.outside`, and asks IEM for nothing.
 */
export function RadarMap({ lat, lon, timeZone, locale, labels }: RadarMapProps) {
  const covered = radarCovers({ lat, lon })
  const box = useRef<HTMLDivElement>(null)
  const loaded = useRef<Loaded | null>(null)
  const [status, setStatus] = useState<Status>('loading')
  const [attempt, setAttempt] = useState(0)
  const [view, setView] = useState<View>({ frames: [], index: 0 })
  const [playing, setPlaying] = useState(false)
  const [missing, setMissing] = useState<Missing>('none')
  const { frames, index } = view
  const frame = frames[index]
  const inView = useInView(box)

  // Animate unless the visitor prefers reduced motion (server HTML and first render start paused).
  useEffect(() => {
    if (!matchMedia('(prefers-reduced-motion: reduce)').matches) setPlaying(true)
  }, [])

  useEffect(() => {
    if (!inView) return
    let cancelled = false
    let refreshTimer: ReturnType<typeof setInterval> | undefined
    const controller = new AbortController()
    const refresh = async () => {
      const next = radarFrames(await fetchLatest(controller.signal))
      if (!cancelled) setView((current) => ({ frames: next, index: refreshedIndex(current.frames, current.index, next) }))
    }
    const start = async () => {
      const L = await loadLeaflet()
      if (cancelled || !box.current) return
      const map = L.map(box.current, { center: [lat, lon], zoom: RADAR_ZOOM, attributionControl: false })
      loaded.current = { L, map, layers: new Map() }
      const base = L.tileLayer(OSM_TILES, { maxZoom: 19 })
      watchTiles(base, () => !cancelled && setMissing('tiles'))
      base.addTo(map)
      L.circleMarker([lat, lon], { radius: 8, className: 'radar-marker', interactive: false }).addTo(map)
      setStatus('ready')
      if (!covered) return
      refreshTimer = setInterval(() => void refresh(), RADAR_REFRESH_MS)
      await refresh()
    }
    start().catch((error: unknown) => {
      if (cancelled) return
      console.error('Radar map failed', error)
      setStatus('error')
    })
    return () => {
      cancelled = true
      controller.abort()
      clearInterval(refreshTimer)
      loaded.current?.map.remove()
      loaded.current = null
    }
  }, [lat, lon, covered, attempt, inView])

  // One tile layer per frame, kept across refreshes; only the shown frame is visible.
  useEffect(() => {
    const current = loaded.current
    if (!current || status !== 'ready') return
    const { L, map, layers } = current
    const times = new Set(frames.map((item) => item.time))
    for (const [time, layer] of layers) {
      if (times.has(time)) continue
      layer.remove()
      layers.delete(time)
    }
    for (const item of frames) {
      if (layers.has(item.time)) continue
      const layer = L.tileLayer(item.url, { opacity: 0, zIndex: 10 })
      watchTiles(layer, () => setMissing((now) => (now === 'none' ? 'frames' : now)))
      layers.set(item.time, layer.addTo(map))
    }
    for (const [time, layer] of layers) layer.setOpacity(time === frame?.time ? RADAR_OPACITY : 0)
  }, [frames, frame, status])

  useEffect(() => {
    if (!playing || frames.length < 2) return
    const timer = setInterval(
      () => setView((current) => ({ ...current, index: (current.index + 1) % current.frames.length })),
      RADAR_FRAME_MS,
    )
    return () => clearInterval(timer)
  }, [playing, frames.length])

  // The card is settled once the map stands (its section said aria-busy from the server's HTML).
  useEffect(() => {
    box.current?.closest('section')?.setAttribute('aria-busy', String(status === 'loading'))
  }, [status])

  const retry = () => {
    setMissing('none')
    setStatus('loading')
    setAttempt((count) => count + 1)
  }
  const newest = frame !== undefined && index === frames.length - 1
  const time = frame ? formatDateTime(frame.time, locale, timeZone, { month: undefined, day: undefined }) : ''

  return (
    <div className="radar">
      <div className="radar-box">
        <div ref={box} className="radar-map" role="region" aria-label={labels.map} aria-busy={status === 'loading'} />
        {status === 'error' && (
          <div className="radar-error" role="alert">
            <p>{labels.error}</p>
            <button type="button" className="button" onClick={retry}>
              {labels.retry}
            </button>
          </div>
        )}
        {status === 'ready' && missing !== 'none' && (
          <div className="radar-missing" role="status">
            <p>{missing === 'tiles' ? labels.tiles : labels.frames}</p>
            <button type="button" className="link-button" onClick={retry}>
              {labels.retry}
            </button>
          </div>
        )}
      </div>
      {covered ? (
        <div className="radar-controls">
          <button
            type="button"
            className="button radar-play"
            disabled={frames.length < 2}
            onClick={() => setPlaying((value) => !value)}
          >
            {playing ? labels.pause : labels.play}
          </button>
          <p className="radar-time" aria-live={playing ? 'off' : 'polite'}>
            {time && labels.frame.replace('{{time}}', time)}
          </p>
          {newest && <span className="radar-now">{labels.now}</span>}
        </div>
      ) : (
        <p className="radar-outside">{labels.outside}</p>
      )}
      <MapCredits radar={covered} />
    </div>
  )
}
