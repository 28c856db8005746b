import { fetchJson } from '../../api/client.ts'
import { decodeMarine, marineUrl } from '../../weather/marine.ts'
import { weatherConfig } from '../../weather/config.ts'
import { MINUTE, createSource } from '../source.ts'

/** Marine conditions: fresh for 10 minutes. One module per provider, so a page loads only the decoders its visible cards need. */
export const marine = createSource(10 * MINUTE, async (p) =>
  decodeMarine(await fetchJson(marineUrl(p, weatherConfig.marineBase))),
)
