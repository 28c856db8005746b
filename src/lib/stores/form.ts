// What the staff forms' actions report: their status lives in stores, the components only draw it.
import type { I18nKey } from '../../i18n/index.ts'
import { errorText } from '../messages.ts'

/**
 * Why a submit failed: a dictionary key (a check made in the browser), the API's or the SPEC's
 * message in English (shown through `localMessage`), or a text already in the page's language.
 */
export type Failure = { key: I18nKey } | { message: string } | { text: string }

/** A form's state while it talks to the API. */
export type FormStatus = { state: 'idle' } | { state: 'busy' } | { state: 'error'; failure: Failure }

export const IDLE: FormStatus = { state: 'idle' }
export const BUSY: FormStatus = { state: 'busy' }

/**
 * A failed call as a form shows it: the ApiError's text, else the fallback.
 * @example failed(new ApiError(0, 'Network error. Please check your connection.'), 'Failed to reset password') // { state: 'error', failure: { message: 'Network error…' } }
 */
export function failed(error: unknown, fallback: string): Extract<FormStatus, { state: 'error' }> {
  return { state: 'error', failure: { message: errorText(error, fallback) } }
}

/** A check made before any call failed: the dictionary key that says why. */
export function refused(key: I18nKey): Extract<FormStatus, { state: 'error' }> {
  return { state: 'error', failure: { key } }
}
