import { COORD_SHELL, DEFAULT_ROUTE, LOCALES, SECTIONS, localePrefix } from './routes.ts'

/**
 * One redirect or rewrite rule in the syntax of Netlify and Cloudflare `_redirects`:
 * `:name` matches one path segment and stands for it in the target.
 */
export type HostRule = { from: string; to: string; status: 200 | 301 | 302 }

/**
 * Every alias and rewrite the site needs, in match order (first match wins). A `:lang` segment
 * stands for the locale prefix so the list stays within Cloudflare's 100 dynamic rules; a
 * segment that is not a locale only leads to another path that does not exist, so to a 404.
 * The same list drives `_redirects`, vercel.json, Azure, nginx, `npm run serve`, the dev server
 * and the 404 page's client-side resolver.
 */
export function hostRules(): HostRule[] {
  const rules: HostRule[] = []
  for (const p of ['', '/:lang']) {
    rules.push({ from: `${p}/z/:lat/:lon`, to: `${p}/${COORD_SHELL}/weather`, status: 200 })
    rules.push({ from: `${p}/z/:lat/:lon/:section`, to: `${p}/${COORD_SHELL}/:section`, status: 200 })
    rules.push({ from: `${p}/reset/:token`, to: `${p}/reset`, status: 200 })
  }
  for (const locale of LOCALES) {
    const p = localePrefix(locale)
    rules.push({ from: p || '/', to: `${p}/${DEFAULT_ROUTE}`, status: 302 })
    for (const section of SECTIONS)
      if (section !== 'page') rules.push({ from: `${p}/${section}`, to: `${p}/${DEFAULT_ROUTE}${suffix(section)}`, status: 302 })
  }
  for (const p of ['', '/:lang']) {
    for (const section of SECTIONS)
      rules.push({ from: `${p}/${section}/:state/:city`, to: `${p}/:state/:city${suffix(section)}`, status: 301 })
    rules.push({ from: `${p}/home/:state/:city`, to: `${p}/:state/:city`, status: 301 })
    rules.push({ from: `${p}/:state/:city/weather`, to: `${p}/:state/:city`, status: 301 })
  }
  return rules
}

const suffix = (section: string): string => (section === 'weather' ? '' : `/${section}`)

/**
 * What a rule's `:name` may stand for: letters, digits and `-._~` (slugs, coordinates, locales, reset
 * tokens), not starting with a dot. Anything else (a backslash, a tab, CR/LF, `%`, a slash) leaves the rule
 * unmatched, so no target can turn into `/\evil.com` or `//evil.com` or break a Location header.
 * Host formats that match by regular expression (nginx, vercel.json) use SEGMENT_CLASS.
 */
export const SEGMENT_CLASS = '[A-Za-z0-9_~-][A-Za-z0-9._~-]*'
const SEGMENT = new RegExp(`^${SEGMENT_CLASS}$`)
export const isSafeSegment = (segment: string): boolean => segment.length <= 200 && SEGMENT.test(segment)

/**
 * Whether `path` is a path on this origin that is safe in a Location header: it starts with exactly one
 * `/` and holds no backslash, whitespace or control character (browsers read `/\x`, `//x` and `/\t/x` as
 * another host).
 * @example isSameOriginPath('/wa/duvall') // true; isSameOriginPath('//evil.com') // false
 */
export function isSameOriginPath(path: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^\/(?![/\\])[^\\\s\u0000-\u001f\u007f]*$/.test(path)
}

type Compiled = { parts: string[]; rule: HostRule }[]
const compiled = new WeakMap<HostRule[], Compiled>()

/**
 * Applies the first matching rule to a path; null when none matches.
 * @example matchRule(hostRules(), '/roads/wa/duvall') // { to: '/wa/duvall/roads', status: 301 }
 */
export function matchRule(rules: HostRule[], pathname: string): { to: string; status: HostRule['status'] } | null {
  let list = compiled.get(rules)
  if (!list) compiled.set(rules, (list = rules.map((rule) => ({ parts: rule.from.split('/'), rule }))))
  const parts = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).split('/')
  for (const { parts: pattern, rule } of list) {
    if (pattern.length !== parts.length) continue
    const params = new Map<string, string>()
    const matched = pattern.every((want, i) => {
      const got = parts[i] ?? ''
      if (want.startsWith(':')) return isSafeSegment(got) && params.set(want.slice(1), got)
      return want === got
    })
    if (matched)
      return { to: rule.to.replace(/:([a-z]+)/g, (whole, name: string) => params.get(name) ?? whole), status: rule.status }
  }
  return null
}

/**
 * Reads a `_redirects` file back into rules (comments and blank lines skipped).
 * @example parseRedirects('/weather /wa/duvall 302')[0].status // 302
 */
export function parseRedirects(text: string): HostRule[] {
  const rules: HostRule[] = []
  for (const line of text.split('\n')) {
    const [from, to, status = '301'] = line.trim().split(/\s+/)
    if (!from || !to || from.startsWith('#')) continue
    const code = Number(status)
    if (code === 200 || code === 301 || code === 302) rules.push({ from, to, status: code })
  }
  return rules
}
