// Leaflet and its stylesheet, loaded together the first time a map is shown (the weather radar, the
// roads map). The stylesheet goes in by a <link> rather than a CSS import: Astro puts every CSS file a
// page script may import, dynamically too, in the head of every page as a render-blocking stylesheet
// (Leaflet's is 15 KB), whether the page ever shows a map or not.
import type * as Leaflet from 'leaflet'
import leafletCss from 'leaflet/dist/leaflet.css?url'
import { loadStylesheet } from './stylesheet.ts'

/** Leaflet, once its stylesheet is in. */
export async function loadLeaflet(): Promise<typeof Leaflet> {
  const [leaflet] = await Promise.all([import('leaflet'), loadStylesheet(leafletCss)])
  // Leaflet ships CommonJS/UMD: a bundler may hand it over as the default export only.
  return (leaflet as Partial<typeof leaflet>).default ?? leaflet
}

/**
 * Calls `failed` once a layer's first screenful of tiles has come in with none loaded and some failing (offline,
 * the tile server down), so a map says so instead of showing a grey box.
 */
export function watchTiles(layer: Leaflet.TileLayer, failed: () => void): void {
  let loaded = 0
  let errors = 0
  layer.on('tileload', () => loaded++)
  layer.on('tileerror', () => errors++)
  // 'load': every tile in view has loaded or failed.
  layer.on('load', () => {
    if (!loaded && errors) failed()
  })
}
