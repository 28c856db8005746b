import { describe, expect, it } from 'vitest'
import { selectorProblem } from '../../src/lib/template-selector.ts'
import {
  DEFAULT_EVERY_MINUTES,
  DEFAULT_STALE_AFTER_MINUTES,
  applyTemplate,
  parseJsonPath,
  parseTemplate,
  readJsonPath,
  type Template,
} from '../../src/lib/template.ts'

const rule = { contains: 'closed', state: 'closed' }
const json = (value: unknown): string => JSON.stringify(value)

/** A parsed template, failing the test when the text is refused. */
function parsed(text: string): Template {
  const result = parseTemplate(text)
  if (!result.ok) throw new Error(result.error)
  return result.template
}

describe('parseTemplate accepts', () => {
  it('a small template and fills in the defaults', () => {
    expect(parsed(json({ source: 'html', rules: [rule] }))).toEqual({
      source: 'html',
      rules: [{ contains: ['closed'], state: 'closed' }],
      everyMinutes: DEFAULT_EVERY_MINUTES,
      staleAfterMinutes: DEFAULT_STALE_AFTER_MINUTES,
    })
  })

  it('a full template, normalising state and priority words', () => {
    const template = parsed(
      json({
        source: 'json',
        url: 'https://schools.example.org/status.json',
        select: 'data.schools[0]["status text"]',
        rules: [{ contains: ['Closed', 'no school'], state: ' Closed ', priority: 'urgent', lines: ['{text}'] }],
        default: { state: 'open', priority: 'info', lines: ['Normal schedule'] },
        everyMinutes: 1,
        staleAfterMinutes: 10_080,
      }),
    )
    expect(template.rules[0]).toEqual({
      contains: ['Closed', 'no school'],
      state: 'closed',
      priority: 'Urgent',
      lines: ['{text}'],
    })
    expect(template.default).toEqual({ state: 'open', priority: 'Info', lines: ['Normal schedule'] })
    expect(template.everyMinutes).toBe(1)
    expect(template.staleAfterMinutes).toBe(10_080)
  })

  it.each([
    ['no rules but a default', { source: 'text', rules: [], default: { state: 'normal' } }],
    ['a state outside the coloured list', { source: 'text', rules: [{ contains: 'x', state: 'late-start' }] }],
    ['html without select', { source: 'html', rules: [rule] }],
    ['50 rules', { source: 'html', rules: Array.from({ length: 50 }, () => rule) }],
  ])('%s', (_name, template) => {
    expect(parseTemplate(json(template)).ok).toBe(true)
  })
})

describe('parseTemplate refuses', () => {
  it.each([
    ['not JSON', '{source: html}', /^Invalid template: not valid JSON/],
    ['an array', '[]', 'Invalid template: must be a JSON object'],
    ['null', 'null', 'Invalid template: must be a JSON object'],
    ['a missing source', json({ rules: [] }), 'Invalid template: source is required'],
    ['an unknown source', json({ source: 'xml', rules: [] }), 'Invalid template: source must be "html", "json" or "text"'],
    ['missing rules', json({ source: 'html' }), 'Invalid template: rules is required'],
    ['rules that are not a list', json({ source: 'html', rules: {} }), 'Invalid template: rules must be a list'],
    [
      '51 rules',
      json({ source: 'html', rules: Array.from({ length: 51 }, () => rule) }),
      'Invalid template: rules must have at most 50 rules',
    ],
    [
      'a rule without state',
      json({ source: 'html', rules: [{ contains: 'x' }] }),
      'Invalid template: rules[0].state is required',
    ],
    [
      'a rule without contains',
      json({ source: 'html', rules: [rule, { state: 'open' }] }),
      'Invalid template: rules[1].contains is required',
    ],
    [
      'an empty contains text',
      json({ source: 'html', rules: [{ contains: ['a', ''], state: 'open' }] }),
      'Invalid template: rules[0].contains[1] must not be empty',
    ],
    [
      'a state of two words',
      json({ source: 'html', rules: [{ contains: 'x', state: 'very closed' }] }),
      /^Invalid template: rules\[0\]\.state must be one word/,
    ],
    [
      'a state longer than 40 characters',
      json({ source: 'html', rules: [{ contains: 'x', state: 'a'.repeat(41) }] }),
      /^Invalid template: rules\[0\]\.state must be one word/,
    ],
    [
      'an unknown priority',
      json({ source: 'html', rules: [{ ...rule, priority: 'Severe' }] }),
      /^Invalid template: rules\[0\]\.priority must be one of Critical, Urgent/,
    ],
    [
      'lines that are not a list',
      json({ source: 'html', rules: [{ ...rule, lines: 'x' }] }),
      'Invalid template: rules[0].lines must be a list of text',
    ],
    [
      'a regular expression field',
      json({ source: 'html', rules: [{ ...rule, regex: '(a+)+$' }] }),
      'Invalid template: rules[0] has an unknown field "regex"',
    ],
    [
      'an unknown top-level field',
      json({ source: 'html', rules: [], script: 'x' }),
      'Invalid template: has an unknown field "script"',
    ],
    [
      'a default that is text',
      json({ source: 'html', rules: [], default: 'open' }),
      'Invalid template: default must be an object',
    ],
    [
      'a default without state',
      json({ source: 'html', rules: [], default: { lines: [] } }),
      'Invalid template: default.state is required',
    ],
    ['a file URL', json({ source: 'html', url: 'file:///etc/passwd', rules: [] }), /^Invalid template: url must be an http/],
    [
      'a URL with a password',
      json({ source: 'html', url: 'https://user:secret@example.org/', rules: [] }),
      /^Invalid template: url must be an http/,
    ],
    [
      'a malformed JSON path',
      json({ source: 'json', select: 'data..status', rules: [] }),
      /^Invalid template: select must be a JSON path/,
    ],
    [
      'nested :has()',
      json({ source: 'html', select: 'div:has(div:has(div:has(x)))', rules: [] }),
      'Invalid template: select must not put :has() inside :has()',
    ],
    [
      'a combinator chain inside :not()',
      json({ source: 'html', select: 'div:not(x div div)', rules: [] }),
      'Invalid template: select may use at most one combinator (space, >, + or ~) inside :has(), :not(), :is() or :where()',
    ],
    [
      'an invalid CSS selector',
      json({ source: 'html', select: 'p[', rules: [] }),
      'Invalid template: select is not a valid CSS selector',
    ],
    [
      'select with text',
      json({ source: 'text', select: 'p', rules: [] }),
      'Invalid template: select is not used when source is "text"',
    ],
    [
      'everyMinutes over 5',
      json({ source: 'html', rules: [], everyMinutes: 10 }),
      'Invalid template: everyMinutes must be between 1 and 5',
    ],
    [
      'everyMinutes of 2.5',
      json({ source: 'html', rules: [], everyMinutes: 2.5 }),
      'Invalid template: everyMinutes must be a whole number',
    ],
    [
      'staleAfterMinutes under 10',
      json({ source: 'html', rules: [], staleAfterMinutes: 5 }),
      'Invalid template: staleAfterMinutes must be between 10 and 10080',
    ],
    ['a huge text', json({ source: 'html', rules: [], pad: 'x'.repeat(20_000) }), /^Invalid template: longer than 20000/],
  ])('%s', (_name, text, message) => {
    const result = parseTemplate(text)
    expect(result.ok).toBe(false)
    if (!result.ok)
      expect(result.error).toMatch(typeof message === 'string' ? new RegExp(`^${RegExp.escape(message)}$`) : message)
  })
})

describe('parseJsonPath', () => {
  it.each([
    ['status', ['status']],
    ['data.schools[0].status', ['data', 'schools', 0, 'status']],
    ['["school-status"]', ['school-status']],
    ["['it\\'s'].x", ["it's", 'x']],
    ['[2][0]', [2, 0]],
    ['$meta._id', ['$meta', '_id']],
  ])('%s', (path, steps) => {
    expect(parseJsonPath(path)).toEqual(steps)
  })

  it.each(['', '.a', 'a.', 'a..b', 'a.0', 'a[-1]', 'a[x]', 'a["b]', 'a b', 'a[0].', 'a()', 'a[?(@.x)]', 'a.*'])(
    'refuses %j',
    (path) => {
      expect(parseJsonPath(path)).toBeNull()
    },
  )

  it('refuses paths of more than 32 steps', () => {
    expect(parseJsonPath(Array(33).fill('a').join('.'))).toBeNull()
    expect(parseJsonPath(Array(32).fill('a').join('.'))).toHaveLength(32)
  })
})

describe('readJsonPath', () => {
  const document = JSON.parse(
    '{"data":{"schools":[{"status":"Closed"},{"status":null}],"count":2,"school-status":"Open"},"__proto__":{"polluted":true}}',
  ) as unknown

  it.each([
    ['data.schools[0].status', 'Closed'],
    ['data.schools[1].status', null],
    ['data.count', 2],
    ['data["school-status"]', 'Open'],
    ['data.schools[5]', undefined],
    ['data.missing.deeper', undefined],
    ['data.count.toFixed', undefined],
    ['data.schools.length', undefined],
    ['data.schools["0"]', undefined],
    ['data[0]', undefined],
  ])('%s', (path, value) => {
    expect(readJsonPath(document, path)).toEqual(value)
  })

  it('never reaches the prototype through hostile keys', () => {
    expect(readJsonPath({}, 'constructor')).toBeUndefined()
    expect(readJsonPath({}, '__proto__')).toBeUndefined()
    expect(readJsonPath({ a: {} }, 'a.constructor.prototype')).toBeUndefined()
    expect(readJsonPath({ a: {} }, 'a["__proto__"].toString')).toBeUndefined()
    expect(readJsonPath([], 'constructor')).toBeUndefined()
    expect(readJsonPath('text', 'length')).toBeUndefined()
  })

  it('reads an own "__proto__" key as plain data, polluting nothing', () => {
    expect(readJsonPath(document, '__proto__.polluted')).toBe(true)
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  it('runs no getters', () => {
    let called = false
    const trap = {
      get secret() {
        called = true
        return 'x'
      },
    }
    expect(readJsonPath(trap, 'secret')).toBeUndefined()
    expect(called).toBe(false)
  })
})

describe('applyTemplate', () => {
  const template = parsed(
    json({
      source: 'html',
      rules: [
        { contains: ['closed', 'cancelled'], state: 'closed', priority: 'Urgent', lines: ['Closed: {text}'] },
        { contains: 'late start', state: 'pending', priority: 'Warning' },
        { contains: 'closed early', state: 'completed' },
      ],
      default: { state: 'open', lines: ['Open as usual'] },
    }),
  )

  it('takes the first matching rule, case-insensitively', () => {
    expect(applyTemplate(template, 'Schools CLOSED early today')).toEqual({
      state: 'closed',
      priority: 'Urgent',
      lines: ['Closed: Schools CLOSED early today'],
    })
  })

  it('matches any of the contains texts', () => {
    expect(applyTemplate(template, 'Classes are Cancelled').state).toBe('closed')
    expect(applyTemplate(template, 'Two-hour LATE START')).toEqual({ state: 'pending', priority: 'Warning', lines: [] })
  })

  it('falls back to the default', () => {
    expect(applyTemplate(template, 'All good')).toEqual({ state: 'open', priority: null, lines: ['Open as usual'] })
  })

  it('gives unknown without a matching rule or default', () => {
    expect(applyTemplate({ rules: template.rules }, 'All good')).toEqual({ state: 'unknown', priority: null, lines: [] })
  })

  it('inserts the text collapsed and cut to 300 characters', () => {
    const result = applyTemplate(template, `closed\n\n   ${'x'.repeat(400)}`)
    const text = result.lines[0]!.slice('Closed: '.length)
    expect(text).toHaveLength(300)
    expect(text.startsWith('closed x')).toBe(true)
    expect(text.endsWith('…')).toBe(true)
  })

  it('keeps $ patterns in the text literal', () => {
    expect(applyTemplate(template, "closed $& $' $1").lines).toEqual(["Closed: closed $& $' $1"])
  })
})

describe('selectorProblem', () => {
  it('accepts the selectors status pages need', () => {
    for (const select of [
      '#status .message',
      'li:has(> a.closed)',
      'div.note:not(.hidden)',
      'main > section p, h1',
      'tr:has(td)',
    ])
      expect(selectorProblem(select)).toBeNull()
  })

  it('refuses the shapes whose cost grows with page depth', () => {
    expect(selectorProblem('div:has(p:not(:has(x)))')).toBe('must not put :has() inside :has()')
    expect(selectorProblem('div:has(x div div div div)')).toMatch(/^may use at most one combinator/)
    expect(selectorProblem('div:not(:is(:not(x)))')).toMatch(/^must not nest/)
    expect(selectorProblem(`x ${'div '.repeat(12)}`)).toMatch(/^must have at most 10 combinators/)
    expect(selectorProblem(Array.from({ length: 11 }, (_, i) => `h${i}`).join(','))).toMatch(/^must have at most 10 alternatives/)
  })
})
