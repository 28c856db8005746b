import { fetchJson } from '../../api/client.ts'
import { decodeQuakes, quakesUrl } from '../../weather/quakes.ts'
import { weatherConfig } from '../../weather/config.ts'
import { MINUTE, createSource } from '../source.ts'

/** Earthquakes: fresh for 5 minutes. One module per provider, so a page loads only the decoders its visible cards need. */
export const quakes = createSource(5 * MINUTE, async (p) =>
  decodeQuakes(await fetchJson(quakesUrl(p, Date.now(), weatherConfig.quakesBase)), p),
)
