/**
 * The edit dialog's save check (SPEC sections 4 and 5): the form, or the superadmin's raw JSON, made
 * into the manage payload, or the errors to show instead. No DOM, no API: the dialog's store sends it.
 */
import type { T } from '../../i18n/translate.ts'
import { localProblems } from '../messages.ts'
import { parseTemplate } from '../template.ts'
import { businessProblems, withBusiness, type BusinessField, type BusinessForm } from './business.ts'
import { fromRawJson, lockUntil, problems, toPayload, type Draft, type LockChoice, type Problem } from './draft.ts'

/** The superadmin's advanced mode tabs: result override (with the lock), template, raw JSON. */
export const ADVANCED_TABS = ['override', 'template', 'json'] as const
export type AdvancedTab = (typeof ADVANCED_TABS)[number]
export type Advanced = { tab: AdvancedTab; lock: LockChoice; customLock: string; raw: string }

/** Each field's error text, in the page's language; the business form's under `business`. */
export type EditErrors = Partial<Record<keyof Draft, string>> & { business?: Partial<Record<BusinessField, string>> }

/** What the dialog holds when Save is pressed; `raw` is the JSON tab's text as shown. */
export type EditForm = { draft: Draft; business: BusinessForm; advancedMode: boolean; advanced: Advanced }

/**
 * What a save sends, or why it cannot: `message` is in the page's language. `errors`, when given,
 * replace the fields' errors (the form was checked); the JSON tab leaves them as they are.
 */
export type EditCheck =
  { ok: true; payload: Record<string, unknown>; errors?: EditErrors } | { ok: false; message: string; errors?: EditErrors }

/** The draft with a business's form written into its special data (other items as they are). */
export function fullDraft(draft: Draft, business: BusinessForm): Draft {
  return draft.dataAspect === 'local' ? { ...draft, specialData: withBusiness(draft.specialData, business) } : draft
}

/** The override tab's lock as payload fields; a custom time that does not parse gives the error text. */
function lockPatch(form: EditForm, now: Date, t: T): Record<string, unknown> | string {
  const { advancedMode, advanced, draft } = form
  if (!advancedMode || draft.dataAspect === 'local' || advanced.tab !== 'override') return {}
  const until = lockUntil(advanced.lock, now, advanced.customLock)
  return until ? { LockResultUntil: until.toISOString() } : t('edit.lockCustomInvalid')
}

/**
 * Checks the dialog's form and builds the manage payload. The JSON tab (always for a business in
 * advanced mode) sends its text; otherwise the fields are checked, then the template, then the lock.
 * @example checkEdit({ draft: { ...draft, title: '' }, … }, t, new Date()) // { ok: false, message: 'Title is required', errors: { title: … } }
 */
export function checkEdit(form: EditForm, t: T, now: Date): EditCheck {
  const { draft, business, advancedMode, advanced } = form
  const local = draft.dataAspect === 'local'
  if (advancedMode && (local || advanced.tab === 'json')) {
    const parsed = fromRawJson(advanced.raw)
    if (parsed.ok) return { ok: true, payload: parsed.payload }
    const message = 'problems' in parsed ? localProblems(parsed.problems, t) : t(parsed.key, { field: parsed.field ?? '' })
    return { ok: false, message }
  }
  const item = fullDraft(draft, business)
  const found = problems(item)
  const say = (problem: Problem): string => ('code' in problem ? localProblems([problem], t) : t(problem.key))
  const fieldErrors: EditErrors = {}
  for (const problem of found) fieldErrors[problem.field] = say(problem)
  const businessErrors: Partial<Record<BusinessField, string>> = {}
  if (local) for (const problem of businessProblems(business)) businessErrors[problem.field] = t(problem.key)
  const errors: EditErrors = { ...fieldErrors, business: businessErrors }
  if (found.length || Object.keys(businessErrors).length) {
    // SPEC section 5: the rule texts joined with a comma; the other checks after them.
    const spec = found.flatMap((problem) => ('code' in problem ? [{ code: problem.code }] : []))
    const others = [...found.flatMap((problem) => ('key' in problem ? [t(problem.key)] : [])), ...Object.values(businessErrors)]
    const message = [spec.length ? localProblems(spec, t) : '', ...new Set(others)].filter(Boolean).join(' ')
    return { ok: false, message, errors }
  }
  if (advancedMode && advanced.tab === 'template' && item.dataTemplate.trim()) {
    const template = parseTemplate(item.dataTemplate)
    if (!template.ok) return { ok: false, message: template.error, errors }
  }
  const lock = lockPatch(form, now, t)
  if (typeof lock === 'string') return { ok: false, message: lock, errors }
  return { ok: true, payload: { ...toPayload(item), ...lock }, errors }
}
