// Streams an .osm.pbf file block by block (the OSM PBF format: a 4-byte length, a BlobHeader, a Blob), inflating
// each block with the limits the format sets, so a damaged or hostile file fails with a clear message instead of
// filling memory. Decoding a block's elements is osm-pbf-parser-node's `parse`.
import { createReadStream } from 'node:fs'
import { inflateSync } from 'node:zlib'
import { OSMTransform, parse } from 'osm-pbf-parser-node'
import { Blob, BlobHeader } from 'osm-pbf-parser-node/proto/fileformat.js'
import { HeaderBlock, type HeaderBlockMessage } from 'osm-pbf-parser-node/proto/osmformat.js'
import { PbfReader } from 'pbf'

/** The format's limits (wiki "PBF Format"): a BlobHeader under 64 KiB, a Blob and its inflated data at most 32 MiB. */
export const MAX_HEADER_BYTES = 64 * 1024
export const MAX_BLOB_BYTES = 32 * 1024 * 1024
/** The features a reader must understand to read the file; anything else (history, changesets) is refused. */
const KNOWN_FEATURES = new Set(['OsmSchema-V0.6', 'DenseNodes'])

export type OsmHeader = HeaderBlockMessage
export type OsmNode = { type: 'node'; id: number; lat: number; lon: number; tags?: Record<string, string> }
export type OsmWay = { type: 'way'; id: number; refs: number[]; tags?: Record<string, string> }
export type OsmRelation = { type: 'relation'; id: number; tags?: Record<string, string> }
export type OsmElement = OsmNode | OsmWay | OsmRelation
/** What a data block holds: its primitive groups are nodes (plain or dense), ways or relations. */
export type BlockKinds = { nodes: boolean; ways: boolean; relations: boolean }

export class PbfError extends Error {}

/** Reads exact byte counts from a stream of chunks. */
class ByteSource {
  private chunks: Buffer[] = []
  private buffered = 0
  /** Bytes handed out so far (the position in the file). */
  position = 0
  private readonly iterator: AsyncIterator<Buffer>

  constructor(stream: AsyncIterable<Buffer>) {
    this.iterator = stream[Symbol.asyncIterator]()
  }

  /** Exactly `count` bytes, or null at the end of the file when `count` bytes were not even begun. */
  async read(count: number, what: string): Promise<Buffer | null> {
    while (this.buffered < count) {
      const next = await this.iterator.next()
      if (next.done) {
        if (this.buffered === 0 && what === 'a block length') return null
        throw new PbfError(`truncated file: ${what} of ${count} bytes at byte ${this.position} ends after ${this.buffered}`)
      }
      this.chunks.push(next.value)
      this.buffered += next.value.length
    }
    const joined = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks)
    const bytes = joined.subarray(0, count)
    const rest = joined.subarray(count)
    this.chunks = rest.length ? [rest] : []
    this.buffered = rest.length
    this.position += count
    return bytes
  }

  async close(): Promise<void> {
    await this.iterator.return?.()
  }
}

/** The block's bytes, inflated within the limit. */
function blobData(bytes: Buffer, at: number): Buffer {
  const blob = Blob.read(new PbfReader(bytes))
  if (blob.raw_size > MAX_BLOB_BYTES)
    throw new PbfError(`block at byte ${at} says it inflates to ${blob.raw_size} bytes (at most ${MAX_BLOB_BYTES})`)
  if (blob.raw) return Buffer.from(blob.raw.buffer, blob.raw.byteOffset, blob.raw.byteLength)
  if (!blob.zlib_data) throw new PbfError(`block at byte ${at}: ${blob.data ?? 'no'} compression is not supported (zlib only)`)
  try {
    return inflateSync(blob.zlib_data, { maxOutputLength: MAX_BLOB_BYTES })
  } catch (error) {
    throw new PbfError(`block at byte ${at} does not inflate: ${error instanceof Error ? error.message : 'unknown error'}`)
  }
}

export type Block = { type: 'header'; header: OsmHeader } | { type: 'data'; data: Buffer; at: number }

/**
 * The file's blocks in order: the header block first, then the data blocks (inflated). `onBytes` is told the
 * position in the file after each block. Throws PbfError on anything that is not a well-formed OSM PBF file.
 */
export async function* readBlocks(path: string, onBytes: (position: number) => void = () => undefined): AsyncGenerator<Block> {
  const source = new ByteSource(createReadStream(path, { highWaterMark: 1024 * 1024 }))
  try {
    let first = true
    for (;;) {
      const at = source.position
      const length = await source.read(4, 'a block length')
      if (!length) break
      const headerLength = length.readUInt32BE(0)
      if (headerLength === 0 || headerLength > MAX_HEADER_BYTES)
        throw new PbfError(
          `not an OSM PBF file, or a damaged one: a block header of ${headerLength} bytes at byte ${at} (at most ${MAX_HEADER_BYTES})`,
        )
      const header = BlobHeader.read(new PbfReader((await source.read(headerLength, 'a block header'))!))
      if (header.datasize <= 0 || header.datasize > MAX_BLOB_BYTES)
        throw new PbfError(`block at byte ${at} declares ${header.datasize} bytes (at most ${MAX_BLOB_BYTES})`)
      const bytes = (await source.read(header.datasize, `the ${header.type || 'unnamed'} block`))!
      if (first && header.type !== 'OSMHeader')
        throw new PbfError(`not an OSM PBF file: the first block is "${header.type.slice(0, 40)}", not OSMHeader`)
      if (header.type === 'OSMHeader') {
        const block = HeaderBlock.read(new PbfReader(blobData(bytes, at)))
        const unknown = block.required_features.filter((feature) => !KNOWN_FEATURES.has(feature))
        if (unknown.length) throw new PbfError(`the file needs features this reader lacks: ${unknown.join(', ').slice(0, 200)}`)
        yield { type: 'header', header: block }
      } else if (header.type === 'OSMData') {
        yield { type: 'data', data: blobData(bytes, at), at }
      }
      // Other block types are skipped, as the format says.
      first = false
      onBytes(source.position)
    }
    if (first) throw new PbfError('empty file: no OSMHeader block')
  } finally {
    await source.close()
  }
}

/**
 * Which kinds of groups a data block holds, read from the first field of each group without decoding it: the first
 * pass skips node blocks this way.
 */
export function blockKinds(data: Buffer): BlockKinds {
  const kinds: BlockKinds = { nodes: false, ways: false, relations: false }
  const pbf = new PbfReader(data)
  for (let field = pbf.nextField(); field; field = pbf.nextField()) {
    if (field !== 2 || pbf.type !== 2) continue
    const end = pbf.readVarint() + pbf.pos
    const inner = pbf.nextField(end)
    if (inner === 1 || inner === 2) kinds.nodes = true
    else if (inner === 3) kinds.ways = true
    else if (inner === 4) kinds.relations = true
    pbf.pos = end
  }
  return kinds
}

const decoders = new Map<string, OSMTransform>()
/** The decoder options: tags of which element types to keep. */
function decoder(nodes: boolean, ways: boolean): OSMTransform {
  const key = `${nodes}:${ways}`
  let found = decoders.get(key)
  if (!found) {
    found = new OSMTransform({ withTags: { node: nodes, way: ways, relation: true }, withInfo: false })
    decoders.set(key, found)
  }
  return found
}

/** The elements of a data block; `tags` says which element types keep their tags (the rest are read without). */
export function blockElements(data: Buffer, at: number, tags: { nodes: boolean; ways: boolean }): OsmElement[] {
  try {
    return parse(data, decoder(tags.nodes, tags.ways)) as OsmElement[]
  } catch (error) {
    throw new PbfError(`block at byte ${at} does not decode: ${error instanceof Error ? error.message : 'unknown error'}`)
  }
}

/**
 * The way of a data block with the most node refs, counted without decoding the block (a packed ref ends at each
 * byte under 0x80): a block of one 30-million-ref way decodes into about a gigabyte, so pass 1 refuses it first.
 * Null when the block holds no way or its framing is not what the decoder would accept (the decoder then says why).
 */
export function longestWay(data: Buffer): { id: number; refs: number } | null {
  const pbf = new PbfReader(data)
  const endOf = (): number => {
    const length = pbf.readVarint()
    if (!Number.isSafeInteger(length) || length < 0 || pbf.pos + length > data.length) throw new PbfError('bad length')
    return pbf.pos + length
  }
  let longest: { id: number; refs: number } | null = null
  try {
    for (let field = pbf.nextField(); field; field = pbf.nextField()) {
      if (field !== 2 || pbf.type !== 2) continue
      const groupEnd = endOf()
      for (let inner = pbf.nextField(groupEnd); inner; inner = pbf.nextField(groupEnd)) {
        if (inner !== 3 || pbf.type !== 2) continue
        const wayEnd = endOf()
        let id = 0
        let refs = 0
        for (let part = pbf.nextField(wayEnd); part; part = pbf.nextField(wayEnd)) {
          // Read afresh: nextField sets it (the checks above would narrow the property for TypeScript).
          const type: number = pbf.type
          if (part === 1 && type === 0) id = pbf.readVarint()
          else if (part === 8 && type === 0) {
            pbf.readVarint()
            refs++
          } else if (part === 8 && type === 2) {
            const end = endOf()
            for (let index = pbf.pos; index < end; index++) if (data[index]! < 0x80) refs++
            pbf.pos = end
          }
        }
        pbf.pos = wayEnd
        if (!longest || refs > longest.refs) longest = { id, refs }
      }
      pbf.pos = groupEnd
    }
  } catch {
    return null
  }
  return longest
}
