/**
 * Status templates: how an item reads its own status from a web page (SPEC: "Template changes are
 * processed by a background job within 5 minutes"). Shared by the API's job and the browser editor,
 * so no Node imports here.
 *
 * A template is a JSON object:
 *
 * ```json
 * {
 *   "source": "html",
 *   "url": "https://schools.example.org/closures",
 *   "select": "#status .message",
 *   "rules": [
 *     { "contains": ["closed", "no school"], "state": "closed", "priority": "Urgent", "lines": ["{text}"] },
 *     { "contains": "late start", "state": "pending", "priority": "Warning" }
 *   ],
 *   "default": { "state": "open", "lines": ["Normal schedule"] },
 *   "everyMinutes": 5,
 *   "staleAfterMinutes": 60
 * }
 * ```
 *
 * - `source`: `html` (text of the elements matched by the CSS selector `select`, joined by newlines;
 *   the whole page text without `select`), `json` (the value at the dotted path `select`, like
 *   `data.schools[0].status` or `["school-status"]`; the whole document without `select`) or `text` (the body).
 * - `url`: an http(s) address; defaults to the item's link.
 * - `rules`: at most 50; the first whose `contains` (one text or a list, any of them, case-insensitive
 *   substring) occurs in the extracted text gives `state`, `priority` and `lines`. Lines may use `{text}`
 *   for the extracted text (whitespace collapsed, cut to 300 characters).
 * - `default`: the outcome when no rule matches; without it the state is `unknown`.
 * - `everyMinutes`: 1 to 5 (default 5). `staleAfterMinutes`: 10 to 10080 (default 60); when the last
 *   good read is older, the item shows as old.
 *
 * `state` is any lowercase word up to 40 characters; the site colours the SPEC's statuses (`STATUS_WORDS`).
 * Matching is plain substring search on purpose: user-supplied regular expressions could hang the job (ReDoS).
 * For the same reason `select` may not nest `:has()` or chain combinators inside `:has()`, `:not()`, `:is()`
 * or `:where()` (template-selector.ts), and the job reads pages in a worker thread with a time limit.
 */
import { z } from 'zod'
import { isObject } from './is-object.ts'
import { PRIORITIES, parsePriority, type Priority } from './items.ts'
import { selectorProblem } from './template-selector.ts'

export const TEMPLATE_SOURCES = ['html', 'json', 'text'] as const
export type TemplateSource = (typeof TEMPLATE_SOURCES)[number]

/** SPEC: statuses are refreshed at least every 5 minutes. */
export const DEFAULT_EVERY_MINUTES = 5
export const DEFAULT_STALE_AFTER_MINUTES = 60
export const MAX_RULES = 50
/** Longest template text accepted, in characters. */
export const TEMPLATE_MAX_CHARS = 20_000
/** Longest extracted text a `{text}` placeholder inserts. */
export const PLACEHOLDER_MAX_CHARS = 300

export type TemplateOutcome = {
  state: string
  priority?: Priority | undefined
  lines?: string[] | undefined
}

export type TemplateRule = TemplateOutcome & {
  /** Substrings, any of which selects the rule (compared case-insensitively). */
  contains: string[]
}

/** A parsed template, defaults filled in. */
export type Template = {
  source: TemplateSource
  url?: string | undefined
  select?: string | undefined
  rules: TemplateRule[]
  default?: TemplateOutcome | undefined
  everyMinutes: number
  staleAfterMinutes: number
}

export type TemplateResult = { state: string; priority: Priority | null; lines: string[] }

/** One step of a JSON path: an object key or an array index. */
export type PathStep = string | number

const MAX_PATH_STEPS = 32
const IDENTIFIER = /^[A-Za-z_$][\w$]*/
const INDEX = /^\[(\d{1,9})\]/
const QUOTED = /^\[(?:"((?:[^"\\]|\\["\\])*)"|'((?:[^'\\]|\\['\\])*)')\]/

/**
 * Reads a dotted JSON path into steps: names, `[n]` indexes and `["quoted keys"]`; null when malformed.
 * @example parseJsonPath('data.schools[0]["status text"]') // ['data', 'schools', 0, 'status text']
 */
export function parseJsonPath(path: string): PathStep[] | null {
  const steps: PathStep[] = []
  let rest = path
  while (rest) {
    if (steps.length >= MAX_PATH_STEPS) return null
    if (steps.length > 0 && rest.startsWith('.')) {
      const name = IDENTIFIER.exec(rest.slice(1))
      if (!name) return null
      steps.push(name[0])
      rest = rest.slice(1 + name[0].length)
      continue
    }
    const name = steps.length === 0 ? IDENTIFIER.exec(rest) : null
    const index = INDEX.exec(rest)
    const quoted = QUOTED.exec(rest)
    if (name) steps.push(name[0])
    else if (index) steps.push(Number(index[1]))
    else if (quoted) steps.push((quoted[1] ?? quoted[2] ?? '').replace(/\\(.)/g, '$1'))
    else return null
    rest = rest.slice((name ?? index ?? quoted)![0].length)
  }
  return steps.length ? steps : null
}

/**
 * The value at a JSON path, or undefined when there is none. Only own data properties count, so
 * `constructor` or `__proto__` never reach the prototype, and no getter runs.
 * @example readJsonPath({ data: { schools: [{ status: 'Closed' }] } }, 'data.schools[0].status') // 'Closed'
 */
export function readJsonPath(document: unknown, path: string | PathStep[]): unknown {
  const steps = typeof path === 'string' ? parseJsonPath(path) : path
  if (!steps) return undefined
  let current = document
  for (const step of steps) {
    const isArray = Array.isArray(current)
    if (current === null || typeof current !== 'object' || isArray !== (typeof step === 'number')) return undefined
    const own = Object.getOwnPropertyDescriptor(current, step)
    if (!own || !('value' in own)) return undefined
    current = own.value
  }
  return current
}

const STATE_PATTERN = /^[a-z][a-z0-9_-]{0,39}$/

/** zod's message for a missing field or one of the wrong type. */
const expected =
  (what: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? 'is required' : `must be ${what}`

const isPriorityWord = (value: string): boolean =>
  PRIORITIES.some((priority) => priority.toLowerCase() === value.trim().toLowerCase())

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password
  } catch {
    return false
  }
}

const unknownField = (issue: { code?: string; keys?: string[] }): string =>
  issue.code === 'unrecognized_keys' ? `has an unknown field "${issue.keys?.[0] ?? ''}"` : 'must be an object'

const outcomeShape = {
  state: z
    .string({ error: expected('text') })
    .trim()
    .toLowerCase()
    .regex(STATE_PATTERN, 'must be one word (letters, digits, - or _) of at most 40 characters'),
  priority: z
    .string({ error: expected('text') })
    .refine(isPriorityWord, `must be one of ${PRIORITIES.join(', ')}`)
    .transform(parsePriority)
    .optional(),
  lines: z
    .array(z.string({ error: expected('text') }).max(300, 'must be at most 300 characters'), {
      error: expected('a list of text'),
    })
    .max(10, 'must have at most 10 lines')
    .optional(),
}

const needle = z
  .string({ error: expected('text') })
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters')

const ruleSchema = z.strictObject(
  {
    // One text is a list of one, so the job only ever sees lists.
    contains: z.preprocess(
      (value) => (typeof value === 'string' ? [value] : value),
      z
        .array(needle, { error: expected('text or a list of text') })
        .min(1, 'must not be empty')
        .max(20, 'must have at most 20 entries'),
    ),
    ...outcomeShape,
  },
  { error: unknownField },
)

const minutes = (min: number, max: number, fallback: number) =>
  z
    .number({ error: expected('a number') })
    .int('must be a whole number')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`)
    .default(fallback)

const templateSchema = z
  .strictObject(
    {
      source: z.enum(TEMPLATE_SOURCES, { error: expected('"html", "json" or "text"') }),
      url: z
        .string({ error: expected('text') })
        .trim()
        .max(2000, 'must be at most 2000 characters')
        .refine(isHttpUrl, 'must be an http:// or https:// address without a user name or password')
        .optional(),
      select: z
        .string({ error: expected('text') })
        .trim()
        .min(1, 'must not be empty')
        .max(500, 'must be at most 500 characters')
        .optional(),
      rules: z.array(ruleSchema, { error: expected('a list') }).max(MAX_RULES, `must have at most ${MAX_RULES} rules`),
      default: z.strictObject(outcomeShape, { error: unknownField }).optional(),
      everyMinutes: minutes(1, 5, DEFAULT_EVERY_MINUTES),
      staleAfterMinutes: minutes(10, 10_080, DEFAULT_STALE_AFTER_MINUTES),
    },
    { error: unknownField },
  )
  .superRefine((template, context) => {
    if (template.select === undefined) return
    if (template.source === 'text') {
      context.addIssue({ code: 'custom', path: ['select'], message: 'is not used when source is "text"' })
    } else if (template.source === 'json' && !parseJsonPath(template.select)) {
      const message = 'must be a JSON path of names, [0] indexes and ["quoted keys"], like data.items[0].status'
      context.addIssue({ code: 'custom', path: ['select'], message })
    } else if (template.source === 'html') {
      const problem = selectorProblem(template.select)
      if (problem) context.addIssue({ code: 'custom', path: ['select'], message: problem })
    }
  })

/** `rules[0].state` from zod's path. */
function fieldName(path: readonly PropertyKey[]): string {
  return path.map((key, at) => (typeof key === 'number' ? `[${key}]` : at === 0 ? String(key) : `.${String(key)}`)).join('')
}

/**
 * Parses and checks a template's JSON text, filling in defaults; the error is plain English for the editor.
 * @example parseTemplate('{"source":"text","rules":[{"contains":"closed"}]}')
 * // { ok: false, error: 'Invalid template: rules[0].state is required' }
 */
export function parseTemplate(text: string): { ok: true; template: Template } | { ok: false; error: string } {
  if (text.length > TEMPLATE_MAX_CHARS) {
    return { ok: false, error: `Invalid template: longer than ${TEMPLATE_MAX_CHARS} characters` }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { ok: false, error: `Invalid template: not valid JSON (${(error as Error).message})` }
  }
  if (!isObject(json)) {
    return { ok: false, error: 'Invalid template: must be a JSON object' }
  }
  const parsed = templateSchema.safeParse(json)
  if (parsed.success) return { ok: true, template: parsed.data }
  const issue = parsed.error.issues[0]!
  const field = fieldName(issue.path)
  return { ok: false, error: `Invalid template: ${field ? `${field} ` : ''}${issue.message}` }
}

/** Whitespace collapsed and cut to `max` characters, ending in an ellipsis when cut. */
function snippet(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/**
 * The outcome for an extracted text: the first rule whose `contains` occurs in it, else the default,
 * else `unknown`. `{text}` in lines becomes the extracted text.
 * @example applyTemplate(template, 'Schools CLOSED today') // { state: 'closed', priority: 'Urgent', lines: ['Schools CLOSED today'] }
 */
export function applyTemplate(template: Pick<Template, 'rules' | 'default'>, extractedText: string): TemplateResult {
  const haystack = extractedText.toLowerCase()
  const rule = template.rules.find(({ contains }) => contains.some((text) => haystack.includes(text.toLowerCase())))
  const outcome = rule ?? template.default
  if (!outcome) return { state: 'unknown', priority: null, lines: [] }
  const text = snippet(extractedText, PLACEHOLDER_MAX_CHARS)
  return {
    state: outcome.state,
    priority: outcome.priority ?? null,
    // split/join rather than replace, so `$&` and friends in the page text stay literal.
    lines: (outcome.lines ?? []).map((line) => line.split('{text}').join(text)),
  }
}
