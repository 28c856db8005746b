// Imports the named businesses of an OSM extract (.osm.pbf) into the items table, in two streaming passes:
//   1. the ways: the node ids of the ways that are businesses (node blocks are inflated but not decoded);
//   2. everything: business nodes as they come, the positions of only the nodes pass 1 listed (node-index.ts), then
//      the business ways with their centres; written a batch per transaction as they are found.
// Memory grows with the businesses' ways, never with the extract's tens of millions of nodes. Businesses of this
// extract that the run did not see are removed only after the whole file was read.
import { randomUUID } from 'node:crypto'
import { statSync } from 'node:fs'
import type { Db } from '../db/index.ts'
import { failRun, finishRun, lastImport, removeVanished, startRun } from '../db/queries/osm-import.ts'
import { businessItem } from '../feeds/overpass/decode.ts'
import { OSM_FEED_ID } from '../feeds/overpass/fetcher.ts'
import type { FeedItem } from '../feeds/types.ts'
import { boundedTags, isBusiness } from './filter.ts'
import { hoursCache } from './hours-cache.ts'
import { IdList, NodeIndex, wayCentre } from './node-index.ts'
import { blockElements, blockKinds, longestWay, readBlocks } from './pbf.ts'
import { placeFinder, type PlaceFinder } from './places.ts'
import { progressReporter, type ProgressFigures } from './progress.ts'
import { writeBatch } from './store.ts'

/** Businesses per transaction. */
export const BATCH = 500
/** A run that keeps less than this share of the extract's last complete run removes nothing (a wrong or cut file). */
export const MIN_KEPT_SHARE = 0.5
/** A run that has not finished after this long is taken as dead (killed without a chance to record it). */
const RUNNING_MS = 12 * 3_600_000

export type ImportOptions = {
  path: string
  /** The extract's name: which businesses a re-import may remove (default: the file name without .osm.pbf). */
  extract?: string
  now?: Date
  batch?: number
  /** MIN_KEPT_SHARE unless given; 0 removes whatever the run did not see. */
  minKeptShare?: number
  places?: PlaceFinder
  /** Start even though the extract's last run has not finished (it was killed). */
  force?: boolean
  /** Progress lines (stderr in the command). */
  onProgress?: (line: string) => void
  progressIntervalMs?: number
  /** MAX_WAY_NODE_IDS unless given (tests). */
  maxWayNodeIds?: number
}

/** OSM's own limit on a way's nodes (the API's `waynodes maximum`): a way with more is not OSM data. */
export const MAX_WAY_REFS = 2000
/**
 * The business ways' node ids pass 1 may collect in all: 20 million take 160 MB in the list and 320 MB in the node
 * index (a state's 300,000 business buildings of 8 nodes are 2.4 million). More fails instead of filling memory.
 */
export const MAX_WAY_NODE_IDS = 20_000_000

export type ImportResult = {
  extract: string
  run: string
  bytes: number
  seconds: number
  elements: { nodes: number; ways: number; relations: number }
  kept: { nodes: number; ways: number }
  skipped: { incompleteWays: number; relations: number; unplaced: number; badPosition: number }
  /** Businesses whose tags had values cut (huge values, too many tags). */
  capped: number
  added: number
  changed: number
  unchanged: number
  removed: number
  /** Nodes pass 1 asked for, how many were found, and the index's bytes. */
  nodeIndex: { wanted: number; found: number; bytes: number }
}

export class ImportError extends Error {}

/** "washington-latest.osm.pbf" → "washington-latest" */
export function extractName(path: string): string {
  const base = path.split(/[\\/]/).at(-1) ?? path
  return base.replace(/\.osm\.pbf$|\.pbf$/i, '') || 'extract'
}

const fixed = (degrees: number): number => Math.round(degrees * 1e7) / 1e7
const validPosition = (lat: number, lon: number): boolean =>
  Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !(lat === 0 && lon === 0)

export async function importOsm(db: Db, options: ImportOptions): Promise<ImportResult> {
  const started = Date.now()
  const now = options.now ?? new Date()
  const extract = options.extract ?? extractName(options.path)
  if (!/^[\w.-]{1,100}$/.test(extract))
    throw new ImportError(`extract name "${extract.slice(0, 100)}": letters, digits, . _ - only`)
  const fileBytes = statSync(options.path).size
  const batchSize = options.batch ?? BATCH
  const places = options.places ?? placeFinder()
  const hours = hoursCache()
  const report = progressReporter(options.onProgress ?? (() => undefined), options.progressIntervalMs)
  const run = randomUUID()
  const previous = await lastImport(db, extract)
  // Two runs of one extract at once would remove each other's businesses: the second waits, unless told the first died.
  if (
    previous &&
    !previous.finished_at &&
    !previous.last_error &&
    !options.force &&
    now.getTime() - Date.parse(previous.started_at) < RUNNING_MS
  )
    throw new ImportError(
      `an import of "${extract}" has been running since ${previous.started_at}; wait for it, or pass --force if it was killed`,
    )
  await startRun(db, extract, run, now)

  const result: ImportResult = {
    extract,
    run,
    bytes: fileBytes,
    seconds: 0,
    elements: { nodes: 0, ways: 0, relations: 0 },
    kept: { nodes: 0, ways: 0 },
    skipped: { incompleteWays: 0, relations: 0, unplaced: 0, badPosition: 0 },
    capped: 0,
    added: 0,
    changed: 0,
    unchanged: 0,
    removed: 0,
    nodeIndex: { wanted: 0, found: 0, bytes: 0 },
  }
  const decoded = (): number => result.elements.nodes + result.elements.ways + result.elements.relations
  const figures = (pass: 1 | 2, position: number): Omit<ProgressFigures, 'elapsedMs'> => ({
    pass,
    position,
    fileBytes,
    elements: decoded(),
    kept: result.kept.nodes + result.kept.ways,
  })

  try {
    // Pass 1: the node ids of business ways.
    const wanted = new IdList()
    const maxIds = options.maxWayNodeIds ?? MAX_WAY_NODE_IDS
    let waysSeen = 0
    let afterWays = false
    for await (const block of readBlocks(options.path, (position) => report(figures(1, position)))) {
      if (block.type !== 'data') continue
      const kinds = blockKinds(block.data)
      // Pass 2 places a way with the nodes read before it: the file must list nodes first, as Geofabrik's do.
      if (kinds.nodes && afterWays)
        throw new ImportError(
          `nodes after ways at byte ${block.at}: the file is not sorted (osmium sort extract.osm.pbf -o sorted.osm.pbf)`,
        )
      afterWays ||= kinds.ways
      if (!kinds.ways) continue
      // Counted before decoding: one way of millions of refs would take a gigabyte to decode.
      const longest = longestWay(block.data)
      if (longest && longest.refs > MAX_WAY_REFS)
        throw new ImportError(
          `way ${longest.id} in the block at byte ${block.at} has ${longest.refs} nodes; OSM allows at most ${MAX_WAY_REFS}`,
        )
      for (const element of blockElements(block.data, block.at, { nodes: false, ways: true })) {
        if (element.type !== 'way') continue
        waysSeen++
        if (element.refs.length > MAX_WAY_REFS)
          throw new ImportError(
            `way ${element.id} in the block at byte ${block.at} has ${element.refs.length} nodes; OSM allows at most ${MAX_WAY_REFS}`,
          )
        if (!isBusiness(element.tags)) continue
        if (wanted.length + element.refs.length > maxIds)
          throw new ImportError(
            `the business ways name more than ${maxIds} nodes (at way ${element.id}, byte ${block.at}): import a smaller extract`,
          )
        for (const ref of element.refs) wanted.push(ref)
      }
    }
    const nodes = new NodeIndex(wanted.sortedUnique())
    result.nodeIndex = { wanted: nodes.size, found: 0, bytes: nodes.bytes }

    // Pass 2: businesses, written as they are found.
    let pending: FeedItem[] = []
    const flush = async (): Promise<void> => {
      if (!pending.length) return
      const summary = await writeBatch(db, pending, extract, run, now)
      result.added += summary.added
      result.changed += summary.changed
      result.unchanged += summary.unchanged
      pending = []
    }
    const keep = (id: string, tags: Record<string, string>, lat: number, lon: number): boolean => {
      if (!validPosition(lat, lon)) {
        result.skipped.badPosition++
        return false
      }
      const place = places(lat, lon)
      if (!place) {
        result.skipped.unplaced++
        return false
      }
      const bounded = boundedTags(tags)
      if (bounded.capped) result.capped++
      pending.push(businessItem(id, bounded.tags, lat, lon, place, now, hours))
      return true
    }
    for await (const block of readBlocks(options.path, (position) => report(figures(2, position)))) {
      if (block.type !== 'data') continue
      const kinds = blockKinds(block.data)
      for (const element of blockElements(block.data, block.at, { nodes: true, ways: kinds.ways })) {
        if (element.type === 'node') {
          result.elements.nodes++
          if (nodes.size) nodes.set(element.id, element.lat, element.lon)
          // The file's own 1e-7 degrees, as Overpass writes them (the decoder's float sum can be off in the last digit).
          if (isBusiness(element.tags) && keep(`node/${element.id}`, element.tags, fixed(element.lat), fixed(element.lon)))
            result.kept.nodes++
        } else if (element.type === 'way') {
          result.elements.ways++
          if (!isBusiness(element.tags)) continue
          const centre = wayCentre(element.refs, nodes)
          if (!centre) result.skipped.incompleteWays++
          else if (keep(`way/${element.id}`, element.tags, centre.lat, centre.lon)) result.kept.ways++
        } else {
          result.elements.relations++
          if (isBusiness(element.tags)) result.skipped.relations++
        }
      }
      if (pending.length >= batchSize) await flush()
    }
    await flush()
    result.nodeIndex.found = nodes.found
    if (result.elements.ways !== waysSeen)
      throw new ImportError(`the file changed while it was read (${waysSeen} ways, then ${result.elements.ways})`)
    report(figures(2, fileBytes), true)

    // Removal: only after a complete read, and not when the run kept far less than the last complete one.
    const kept = result.kept.nodes + result.kept.ways
    const share = options.minKeptShare ?? MIN_KEPT_SHARE
    if (previous && previous.kept > 0 && kept < previous.kept * share)
      throw new ImportError(
        `kept ${kept} businesses where the last complete import of "${extract}" kept ${previous.kept}: nothing was removed ` +
          `(a wrong or cut extract?). Run again with --allow-shrink if the area really lost them.`,
      )
    if ((await lastImport(db, extract))?.run !== run)
      throw new ImportError(`another import of "${extract}" started meanwhile: this one removed nothing`)
    result.removed = await removeVanished(db, OSM_FEED_ID, extract, run)
    await finishRun(db, extract, { kept, removed: result.removed }, new Date())
    result.seconds = (Date.now() - started) / 1000
    return result
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    await failRun(db, extract, message).catch(() => undefined)
    throw error instanceof ImportError ? error : new ImportError(message, { cause: error })
  }
}
