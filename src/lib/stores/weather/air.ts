import { fetchJson } from '../../api/client.ts'
import { airUrl, decodeAir } from '../../weather/air.ts'
import { weatherConfig } from '../../weather/config.ts'
import { MINUTE, createSource } from '../source.ts'

/** Air quality and pollen: fresh for 10 minutes. One module per provider, so a page loads only the decoders its visible cards need. */
export const air = createSource(10 * MINUTE, async (p) => decodeAir(await fetchJson(airUrl(p, weatherConfig.airBase))))
