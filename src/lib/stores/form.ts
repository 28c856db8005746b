// What the staff forms' actions report: their status lives in stores, the components only draw it.
import type { I18nKey } from '../../i18n/index.ts'
import { isErrorCode, type ErrorCode, type ErrorParams, type Problem } from '../errors.ts'

/**
 * Why something failed, as the page's language will say it (src/islands/staff/Field.tsx, `failureText`):
 * - `key`: a check made in the browser, by its dictionary key;
 * - `problems`: a failed call, by the codes of src/lib/errors.ts (the API's, or the client's own);
 * - `message`: a failed call whose answer names no code this client knows (an older or newer server):
 *   its English text, shown as it came;
 * - `text`: a text already in the page's language.
 */
export type Failure = { key: I18nKey } | { problems: Problem[] } | { message: string } | { text: string }

/** A form's state while it talks to the API. */
export type FormStatus = { state: 'idle' } | { state: 'busy' } | { state: 'error'; failure: Failure }

export const IDLE: FormStatus = { state: 'idle' }
export const BUSY: FormStatus = { state: 'busy' }

/**
 * The codes a failed call carries (ApiError.problems, ReactionError.problems), checked against the
 * vocabulary; null when it carries none. Read by shape, so the stores need not load the API client.
 */
function problemsOf(error: unknown): Problem[] | null {
  if (!(error instanceof Error)) return null
  const problems: unknown = (error as { problems?: unknown }).problems
  if (!Array.isArray(problems) || !problems.length) return null
  const known = problems.every(
    (problem: unknown) => typeof problem === 'object' && problem !== null && isErrorCode((problem as Problem).code),
  )
  return known ? (problems as Problem[]) : null
}

/**
 * Why a call failed: the codes it carries, else the English text of an answer without a known code,
 * else (no answer: any other exception) the call's own fallback code.
 * @example failure(new ApiError(404, 'Item not found', [{ code: 'item_not_found' }]), 'get_failed') // { problems: [{ code: 'item_not_found' }] }
 * @example failure('offline', 'save_failed') // { problems: [{ code: 'save_failed' }] }
 */
export function failure(error: unknown, fallback: ErrorCode, params?: ErrorParams): Failure {
  const problems = problemsOf(error)
  if (problems) return { problems }
  // Only the API client's errors (they have `problems`) carry a text written for people.
  if (error instanceof Error && 'problems' in error && error.message) return { message: error.message }
  return { problems: [params ? { code: fallback, params } : { code: fallback }] }
}

/**
 * A failed call as a form shows it: see `failure`.
 * @example failed(new ApiError(0, 'Network error. Please check your connection.', [{ code: 'network' }]), 'reset_failed') // { state: 'error', failure: { problems: [{ code: 'network' }] } }
 */
export function failed(error: unknown, fallback: ErrorCode, params?: ErrorParams): Extract<FormStatus, { state: 'error' }> {
  return { state: 'error', failure: failure(error, fallback, params) }
}

/** A check made before any call failed: the dictionary key that says why. */
export function refused(key: I18nKey): Extract<FormStatus, { state: 'error' }> {
  return { state: 'error', failure: { key } }
}
