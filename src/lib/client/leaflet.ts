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
