import { useStore } from '@nanostores/react'
import { fill } from '../../lib/fill.ts'
import { formatAgo } from '../../lib/format.ts'
import { coordPath, cityPath, type Locale } from '../../lib/routing/routes.ts'
import { placeLabel, type Location, type RecentLocation } from '../../lib/decode/location.ts'
import { $pinnedLocations, pinLocation, removeRecentLocation, setHomeLocation, unpinLocation } from '../../lib/stores/index.ts'
import type { SettingsLabels } from './labels.ts'

export const placeHref = (locale: Locale, place: Location): string =>
  place.route ? cityPath(locale, place.route) : coordPath(locale, place.lat, place.lon)

export const homeOf = (place: Location) => ({ lat: place.lat, lon: place.lon, route: place.route, name: placeLabel(place) })

/** Recent or pinned places: visit, pin or unpin, make home, remove. */
export function PlaceList(props: {
  kind: 'recent' | 'pinned'
  places: (Location | RecentLocation)[]
  labels: SettingsLabels
  locale: Locale
  now: number
}) {
  const { labels, locale } = props
  const pinned = useStore($pinnedLocations)
  const isPinned = (place: Location) => pinned.some((p) => p.lat === place.lat && p.lon === place.lon)
  if (!props.places.length)
    return <p className="muted">{props.kind === 'recent' ? labels['settings.noRecent'] : labels['settings.noPinned']}</p>
  return (
    <ul className="places">
      {props.places.map((place) => {
        const name = placeLabel(place)
        return (
          <li key={`${place.lat},${place.lon}`}>
            <a href={placeHref(locale, place)}>{name}</a>
            {'lastVisited' in place && (
              <small className="muted">
                {fill(labels['settings.visited'], { ago: formatAgo(place.lastVisited, props.now, locale) })}
              </small>
            )}
            <span className="actions">
              {isPinned(place) ? (
                <button
                  type="button"
                  onClick={() => unpinLocation(place.lat, place.lon)}
                  aria-label={`${labels['settings.unpin']}: ${name}`}
                >
                  {labels['settings.unpin']}
                </button>
              ) : (
                <button type="button" onClick={() => pinLocation(place)} aria-label={`${labels['settings.pin']}: ${name}`}>
                  {labels['settings.pin']}
                </button>
              )}
              <button
                type="button"
                onClick={() => setHomeLocation(homeOf(place))}
                aria-label={`${labels['settings.makeHome']}: ${name}`}
              >
                {labels['settings.makeHome']}
              </button>
              {props.kind === 'recent' && (
                <button
                  type="button"
                  onClick={() => removeRecentLocation(place.lat, place.lon)}
                  aria-label={`${labels['settings.remove']}: ${name}`}
                >
                  {labels['settings.remove']}
                </button>
              )}
            </span>
          </li>
        )
      })}
    </ul>
  )
}
