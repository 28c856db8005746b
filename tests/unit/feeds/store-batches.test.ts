// A feed run's writes: shapes are measured once in the decode worker, and insert batches stay small in
// shape text as well as in rows, so no transaction holds the event loop for long (bench:feeds).
import { describe, expect, it } from 'vitest'
import type { NewItemRow } from '../../../server/db/schema.ts'
import { boundsBox, geometryBox } from '../../../server/feeds/geometry.ts'
import { prepareItem } from '../../../server/feeds/prepare.ts'
import { BATCH, BATCH_SHAPE_CHARS, batches } from '../../../server/feeds/store.ts'
import type { FeedItem } from '../../../server/feeds/types.ts'

const row = (geometryChars: number): NewItemRow => ({ geometry: geometryChars ? 'x'.repeat(geometryChars) : null }) as NewItemRow

describe('insert batches', () => {
  it('end at BATCH rows', () => {
    const sizes = [...batches(Array.from({ length: 2 * BATCH + 10 }, () => row(0)))].map((batch) => batch.length)
    expect(sizes).toEqual([BATCH, BATCH, 10])
  })

  it('end before the shape text passes its cap, and a single huge shape goes alone', () => {
    const third = Math.floor(BATCH_SHAPE_CHARS / 3)
    const rows = [row(third), row(third), row(third), row(third), row(BATCH_SHAPE_CHARS * 2), row(10)]
    expect([...batches(rows)].map((batch) => batch.length)).toEqual([3, 1, 1, 1])
  })

  it('keep every row, in order', () => {
    const rows = Array.from({ length: 7 }, (_, index) => row(index * Math.floor(BATCH_SHAPE_CHARS / 4)))
    expect([...batches(rows)].flat()).toEqual(rows)
  })
})

describe('prepared bounds', () => {
  const item = (geometry: FeedItem['geometry']): FeedItem =>
    ({ sourceId: 'a', title: 'A', lat: 47, lon: -122, areaMiles: 2, geometry }) as unknown as FeedItem

  it('are the shape’s box, so the store files the item in the grid as if it had parsed the shape', () => {
    const geometry = {
      type: 'Polygon',
      coordinates: [
        [
          [-122, 47],
          [-121.5, 47],
          [-121.5, 47.4],
          [-122, 47],
        ],
      ],
    } as FeedItem['geometry']
    const prepared = prepareItem(item(geometry))
    expect(prepared.bounds).toEqual([-122, 47, -121.5, 47.4])
    expect(boundsBox(prepared.bounds!, 2)).toEqual(geometryBox(geometry!, 2))
  })

  it('are null without a shape', () => {
    expect(prepareItem(item(null)).bounds).toBeNull()
  })
})
