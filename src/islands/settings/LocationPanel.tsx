import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { fill } from '../../lib/fill.ts'
import { GEO_ERROR_KEYS, locate, type GeoError } from '../../lib/geolocation.ts'
import { placeLabel } from '../../lib/decode/location.ts'
import type { Locale } from '../../lib/routing/routes.ts'
import {
  $currentLocation,
  $recentLocations,
  $selectedLocation,
  $settings,
  setDeviceLocation,
  setUseCurrentLocation,
} from '../../lib/stores/index.ts'
import { Choice } from './Choice.tsx'
import { placeHref } from './PlaceList.tsx'
import type { SettingsLabels } from './labels.ts'

type GpsState = { state: 'idle' } | { state: 'loading' } | { state: 'error'; error: GeoError }

/** The location toggle (device GPS versus a chosen place) and what each currently gives. */
export function LocationPanel({ labels, locale }: { labels: SettingsLabels; locale: Locale }) {
  const settings = useStore($settings)
  const current = useStore($currentLocation)
  const selected = useStore($selectedLocation)
  const recent = useStore($recentLocations)
  const [gps, setGps] = useState<GpsState>({ state: 'idle' })

  const useGps = async () => {
    setUseCurrentLocation(true)
    setGps({ state: 'loading' })
    const result = await locate(navigator.geolocation)
    if (!result.ok) return setGps({ state: 'error', error: result.error })
    setDeviceLocation(result.lat, result.lon)
    setGps({ state: 'idle' })
  }

  const mode = settings.useCurrentLocation ? 'gps' : 'select'
  const place = mode === 'gps' ? current : selected
  // Nothing chosen yet but places opened (issue 38: "No Location Set" after a visit): the newest one, as a link.
  const last = mode === 'select' && !selected ? (recent[0] ?? null) : null
  return (
    <section className="card" aria-labelledby="location-h">
      <h2 id="location-h">{labels['location.title']}</h2>
      <Choice
        legend={labels['location.mode']}
        value={mode}
        options={[
          { value: 'gps', label: labels['location.gps'] },
          { value: 'select', label: labels['location.select'] },
        ]}
        onChange={(value) => (value === 'gps' ? void useGps() : setUseCurrentLocation(false))}
      />
      <p className="muted">{mode === 'gps' ? labels['location.useCurrent'] : labels['location.chooseHint']}</p>
      <div role="status" className="location-now">
        {gps.state === 'loading' && mode === 'gps' ? (
          <p>{labels['location.locating']}</p>
        ) : place ? (
          <p>{fill(labels[mode === 'gps' ? 'location.current' : 'location.selected'], { place: placeLabel(place) })}</p>
        ) : last ? (
          <p>
            <a href={placeHref(locale, last)}>{fill(labels['location.lastVisited'], { place: placeLabel(last) })}</a>
          </p>
        ) : (
          <>
            <p className="empty-title">{labels['state.noLocation']}</p>
            <p className="muted">{labels['state.noLocationHint']}</p>
          </>
        )}
        {gps.state === 'error' && mode === 'gps' && <p className="error">{labels[GEO_ERROR_KEYS[gps.error]]}</p>}
      </div>
    </section>
  )
}
