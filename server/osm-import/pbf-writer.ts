// A small .osm.pbf writer (dense nodes, ways, relations; zlib blocks of up to 8,000 elements) for the tests' fixtures
// and the import benchmark's synthetic extracts. Elements must come in the file's order: nodes, then ways, then relations.
import { closeSync, openSync, writeSync } from 'node:fs'
import { deflateSync } from 'node:zlib'
import { Blob, BlobHeader } from 'osm-pbf-parser-node/proto/fileformat.js'
import { HeaderBlock, PrimitiveBlock, type PrimitiveGroupMessage } from 'osm-pbf-parser-node/proto/osmformat.js'
import { PbfWriter } from 'pbf'

export type Tags = Record<string, string>
export type NodeInput = { id: number; lat: number; lon: number; tags?: Tags }
export type WayInput = { id: number; refs: number[]; tags?: Tags }
export type RelationInput = {
  id: number
  members: { type: 'node' | 'way' | 'relation'; ref: number; role?: string }[]
  tags?: Tags
}

const BLOCK_ELEMENTS = 8000
const MEMBER_TYPES = { node: 0, way: 1, relation: 2 }

const encode = <T>(write: (obj: T, pbf: PbfWriter) => void, obj: T): Uint8Array => {
  const pbf = new PbfWriter()
  write(obj, pbf)
  return pbf.finish()
}

/** One framed block: the 4-byte length, the BlobHeader and the Blob (zlib unless `compress` is false). */
export function frameBlock(type: string, data: Uint8Array, compress = true): Buffer {
  const blob = encode(Blob.write, compress ? { raw_size: data.length, zlib_data: deflateSync(data) } : { raw: data })
  const header = encode(BlobHeader.write, { type, datasize: blob.length })
  const length = Buffer.alloc(4)
  length.writeUInt32BE(header.length)
  return Buffer.concat([length, header, blob])
}

/** The header block every file starts with. */
export function headerBlock(features = ['OsmSchema-V0.6', 'DenseNodes']): Buffer {
  const header = {
    bbox: null,
    required_features: features,
    optional_features: ['Sort.Type_then_ID'],
    writingprogram: 'porchlight-test',
    source: '',
  }
  return frameBlock('OSMHeader', encode(HeaderBlock.write, header))
}

/** A string table that gives each distinct string one index (0 is the empty string, as the format needs). */
class Strings {
  private readonly index = new Map<string, number>([['', 0]])
  readonly list: Uint8Array[] = [new Uint8Array()]
  of(text: string): number {
    let found = this.index.get(text)
    if (found === undefined) {
      found = this.list.length
      this.index.set(text, found)
      this.list.push(Buffer.from(text, 'utf8'))
    }
    return found
  }
}

const fixed = (degrees: number): number => Math.round(degrees * 1e7)
const deltas = (values: number[]): number[] => values.map((value, index) => value - (index ? values[index - 1]! : 0))

function dataBlock(group: (strings: Strings) => PrimitiveGroupMessage): Buffer {
  const strings = new Strings()
  const built = group(strings)
  return frameBlock('OSMData', encode(PrimitiveBlock.write, { stringtable: { s: strings.list }, primitivegroup: [built] }))
}

function nodesBlock(nodes: NodeInput[]): Buffer {
  return dataBlock((strings) => {
    const tagged = nodes.some((node) => node.tags && Object.keys(node.tags).length)
    const keysVals: number[] = []
    if (tagged)
      for (const node of nodes) {
        for (const [key, value] of Object.entries(node.tags ?? {})) keysVals.push(strings.of(key), strings.of(value))
        keysVals.push(0)
      }
    return {
      dense: {
        id: deltas(nodes.map((node) => node.id)),
        lat: deltas(nodes.map((node) => fixed(node.lat))),
        lon: deltas(nodes.map((node) => fixed(node.lon))),
        keys_vals: keysVals,
      },
    }
  })
}

const tagIndexes = (strings: Strings, tags: Tags = {}) => ({
  keys: Object.keys(tags).map((key) => strings.of(key)),
  vals: Object.values(tags).map((value) => strings.of(value)),
})

function waysBlock(ways: WayInput[]): Buffer {
  return dataBlock((strings) => ({
    ways: ways.map((way) => ({ id: way.id, ...tagIndexes(strings, way.tags), refs: deltas(way.refs) })),
  }))
}

function relationsBlock(relations: RelationInput[]): Buffer {
  return dataBlock((strings) => ({
    relations: relations.map((relation) => ({
      id: relation.id,
      ...tagIndexes(strings, relation.tags),
      roles_sid: relation.members.map((member) => strings.of(member.role ?? '')),
      memids: deltas(relation.members.map((member) => member.ref)),
      types: relation.members.map((member) => MEMBER_TYPES[member.type]),
    })),
  }))
}

/** Writes a file as elements are added; `close()` flushes the last block. Bytes written so far: `bytes`. */
export class PbfFileWriter {
  private readonly fd: number
  private kind: 'node' | 'way' | 'relation' = 'node'
  private list: unknown[] = []
  bytes = 0

  constructor(path: string) {
    this.fd = openSync(path, 'w')
    this.write(headerBlock())
  }

  private write(bytes: Buffer): void {
    writeSync(this.fd, bytes)
    this.bytes += bytes.length
  }

  private flush(): void {
    const list = this.list
    this.list = []
    if (!list.length) return
    if (this.kind === 'node') this.write(nodesBlock(list as NodeInput[]))
    else if (this.kind === 'way') this.write(waysBlock(list as WayInput[]))
    else this.write(relationsBlock(list as RelationInput[]))
  }

  private add(kind: 'node' | 'way' | 'relation', element: NodeInput | WayInput | RelationInput): void {
    if (this.kind !== kind || this.list.length >= BLOCK_ELEMENTS) {
      this.flush()
      this.kind = kind
    }
    this.list.push(element)
  }

  node(node: NodeInput): void {
    this.add('node', node)
  }
  way(way: WayInput): void {
    this.add('way', way)
  }
  relation(relation: RelationInput): void {
    this.add('relation', relation)
  }
  close(): void {
    this.flush()
    closeSync(this.fd)
  }
}

/** A whole file in one call. */
export function writePbf(path: string, elements: { nodes?: NodeInput[]; ways?: WayInput[]; relations?: RelationInput[] }): void {
  const writer = new PbfFileWriter(path)
  for (const node of elements.nodes ?? []) writer.node(node)
  for (const way of elements.ways ?? []) writer.way(way)
  for (const relation of elements.relations ?? []) writer.relation(relation)
  writer.close()
}
