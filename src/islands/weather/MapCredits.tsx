/**
 * A map's credits as a line of text under it, not over it: readable on a phone, never covering the map's
 * controls (OpenStreetMap's tile policy asks for visible attribution). `radar` adds IEM's radar credit.
 */
export function MapCredits({ radar = false }: { radar?: boolean }) {
  return (
    <p className="map-credits">
      <a href="https://leafletjs.com/">Leaflet</a> · © <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>{' '}
      contributors
      {radar && (
        <>
          {' '}
          · Radar: NOAA NEXRAD via <a href="https://mesonet.agron.iastate.edu/">IEM</a>
        </>
      )}
    </p>
  )
}
