/**
 * The compass word key (dir.n … dir.nw) for a direction in degrees, where the wind comes from.
 * @example compassKey(158) // 'dir.s'
 */
export function compassKey(degrees: number) {
  const keys = ['dir.n', 'dir.ne', 'dir.e', 'dir.se', 'dir.s', 'dir.sw', 'dir.w', 'dir.nw'] as const
  return keys[Math.round((((degrees % 360) + 360) % 360) / 45) % 8] ?? 'dir.n'
}
