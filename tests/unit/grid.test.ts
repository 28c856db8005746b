// The two-level grid: small areas in half-degree cells, large ones in 8-degree cells, never thousands of rows.
import { describe, expect, it } from 'vitest'
import { MAX_FINE_CELLS, boxAround, cellOf, cellsForBox, cellsForPoint, coarseCellOf } from '../../server/db/queries/grid.ts'

describe('grid', () => {
  it('files a town-sized area in its half-degree cells', () => {
    const cells = cellsForBox(boxAround(47.74, -121.98, 10))
    expect(cells).toContain(cellOf(47.74, -121.98))
    expect(cells.every((cell) => cell > 0)).toBe(true)
  })

  it('files a 500-mile area at latitude 89.9 in a few coarse cells, not 10,800 fine ones', () => {
    const cells = cellsForBox(boxAround(89.9, 0, 500))
    expect(cells.length).toBeLessThanOrEqual(135)
    expect(cells.every((cell) => cell < 0)).toBe(true)
    // Every point of the polar cap it covers finds one of its cells.
    for (const [lat, lon] of [
      [89.5, 179],
      [85, -170],
      [83, 0],
      [89.999, -0.001],
    ] as const)
      expect(cells).toContain(coarseCellOf(lat, lon))
  })

  it('never files any area allowed (up to 500 miles) under more than 64 fine or 135 coarse cells', () => {
    for (let lat = -90; lat <= 90; lat += 7.5)
      for (const miles of [1, 10, 50, 100, 200, 500]) {
        const cells = cellsForBox(boxAround(lat, 179.9, miles))
        expect(cells.length).toBeLessThanOrEqual(cells[0]! > 0 ? MAX_FINE_CELLS : 135)
      }
  })

  it('wraps at the antimeridian', () => {
    const cells = cellsForBox(boxAround(0, 179.9, 400))
    expect(cells).toContain(coarseCellOf(0, -179.9))
    expect(cells).toContain(coarseCellOf(0, 179.9))
  })

  it('looks a point up in its fine cell and its coarse cell', () => {
    expect(cellsForPoint(47.74, -121.98)).toEqual([cellOf(47.74, -121.98), coarseCellOf(47.74, -121.98)])
  })
})
