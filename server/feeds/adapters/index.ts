// The adapter registry: format name (the feed configuration's "adapter") to its decoder. Loaded in the decode worker too.
import type { Decode } from '../types.ts'
import { decodeCaltransLcs } from './caltrans-lcs.ts'
import { cameraAdapters } from './cameras/index.ts'
import { decodeEvents511 } from './events511.ts'
import { decodeGtfsRt } from './gtfs-rt.ts'
import { decodeGtfsCatalog } from './gtfs-rt-catalog.ts'
import { decodeItemsJson } from './items-json.ts'
import { decodeIpaws } from './ipaws.ts'
import { decodeNws } from './nws.ts'
import { decodeWfigs } from './wfigs.ts'
import { decodeWzdx } from './wzdx.ts'
import { decodeWzdxRegistry } from './wzdx-registry.ts'

/** Add one line per adapter. Modules here must be plain data-in, data-out: they run in a worker thread. */
export const adapters: Record<string, Decode> = {
  'items-json': decodeItemsJson,
  ipaws: decodeIpaws,
  nws: decodeNws,
  wfigs: decodeWfigs,
  wzdx: decodeWzdx,
  'wzdx-registry': decodeWzdxRegistry,
  'caltrans-lcs': decodeCaltransLcs,
  '511-events': decodeEvents511,
  'gtfs-rt': decodeGtfsRt,
  'gtfs-rt-catalog': decodeGtfsCatalog,
  ...cameraAdapters,
}

/** Adapters whose bodies are binary: the engine fetches them as base64 text (safeFetch encoding). */
export const binaryAdapters: ReadonlySet<string> = new Set(['gtfs-rt'])
