import { isSameOriginPath, type HostRule } from './host-rules.ts'

export type MissAction = { kind: 'redirect'; to: string } | { kind: 'rewrite'; to: string } | { kind: 'none' }

/**
 * What the 404 page does with a path the host did not resolve: apply the host rules, else try the
 * lower-cased path (routes compare case-insensitively), else stay a 404. It only ever leads to a path
 * on this origin: `//evil.com/X` or `/%5Cevil.com` stay a 404 instead of becoming a redirect elsewhere.
 * @example resolveMiss('/WA/Duvall', (p) => matchRule(rules, p)) // { kind: 'redirect', to: '/wa/duvall' }
 */
export function resolveMiss(
  pathname: string,
  match: (path: string) => { to: string; status: HostRule['status'] } | null,
): MissAction {
  if (!isSameOriginPath(pathname)) return { kind: 'none' }
  const action = resolve(pathname, match)
  return action.kind === 'none' || isSameOriginPath(action.to) ? action : { kind: 'none' }
}

function resolve(pathname: string, match: (path: string) => { to: string; status: HostRule['status'] } | null): MissAction {
  const hit = match(pathname)
  if (hit?.status === 301 || hit?.status === 302) return { kind: 'redirect', to: hit.to }
  if (hit?.status === 200) return { kind: 'rewrite', to: hit.to }
  const lower = pathname.toLowerCase()
  if (lower !== pathname) {
    const lowerHit = match(lower)
    return { kind: 'redirect', to: lowerHit && lowerHit.status !== 200 ? lowerHit.to : lower }
  }
  return { kind: 'none' }
}
