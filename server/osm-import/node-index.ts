// The coordinates of only the nodes that kept ways use: their ids (collected in the first pass), sorted and
// unique, with two Int32 coordinates (1e-7 degrees, the file's own precision) each: 16 bytes a node, whatever
// the extract's total node count.

/** A growing list of node ids (Float64: OSM ids stay below 2^53). */
export class IdList {
  private values = new Float64Array(1024)
  length = 0
  push(id: number): void {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2)
      grown.set(this.values)
      this.values = grown
    }
    this.values[this.length++] = id
  }
  /** The ids sorted and without repeats (the list is consumed). */
  sortedUnique(): Float64Array {
    const sorted = this.values.subarray(0, this.length).sort()
    let kept = 0
    for (let index = 0; index < sorted.length; index++)
      if (index === 0 || sorted[index] !== sorted[kept - 1]) sorted[kept++] = sorted[index]!
    const result = sorted.slice(0, kept)
    this.values = new Float64Array(0)
    this.length = 0
    return result
  }
}

const MISSING = -2147483648

export class NodeIndex {
  private readonly lat: Int32Array
  private readonly lon: Int32Array
  private readonly ids: Float64Array
  found = 0

  constructor(ids: Float64Array) {
    this.ids = ids
    this.lat = new Int32Array(ids.length).fill(MISSING)
    this.lon = new Int32Array(ids.length)
  }

  get size(): number {
    return this.ids.length
  }

  /** Bytes held by the index (ids and coordinates). */
  get bytes(): number {
    return this.ids.byteLength + this.lat.byteLength + this.lon.byteLength
  }

  private find(id: number): number {
    let low = 0
    let high = this.ids.length - 1
    while (low <= high) {
      const middle = (low + high) >>> 1
      const value = this.ids[middle]!
      if (value === id) return middle
      if (value < id) low = middle + 1
      else high = middle - 1
    }
    return -1
  }

  /** Records a node's position when the index wants it. */
  set(id: number, lat: number, lon: number): void {
    const at = this.find(id)
    if (at < 0) return
    if (this.lat[at] === MISSING) this.found++
    this.lat[at] = Math.round(lat * 1e7)
    this.lon[at] = Math.round(lon * 1e7)
  }

  /** [lat, lon] in degrees, or null for a node not seen. */
  get(id: number): [number, number] | null {
    const at = this.find(id)
    if (at < 0 || this.lat[at] === MISSING) return null
    return [this.lat[at]! / 1e7, this.lon[at]! / 1e7]
  }
}

/**
 * A way's centre: the middle of its nodes' bounding box, as Overpass's `out center` gives it, so a business keeps
 * the same position whether it came from an import or from Overpass. Null when a node is missing from the extract.
 */
export function wayCentre(refs: readonly number[], nodes: NodeIndex): { lat: number; lon: number } | null {
  if (!refs.length) return null
  let south = 90
  let north = -90
  let west = 180
  let east = -180
  for (const ref of refs) {
    const point = nodes.get(ref)
    if (!point) return null
    south = Math.min(south, point[0])
    north = Math.max(north, point[0])
    west = Math.min(west, point[1])
    east = Math.max(east, point[1])
  }
  const round = (value: number): number => Math.round(value * 1e7) / 1e7
  return { lat: round((south + north) / 2), lon: round((west + east) / 2) }
}
