/**
 * Errors in the visitor's language. The API names each failure by a code of the shared vocabulary
 * (src/lib/errors.ts), and so does the client for its own failures; ERROR_KEYS gives the dictionary key
 * that says each code. No English text is read back into a code: a failure whose code this client
 * lacks (a newer server's) shows its text as it came.
 */
import type { I18nKey } from '../i18n/index.ts'
import { errorMessage, isErrorCode, type ErrorCode, type Problem } from './errors.ts'

/** The dictionary key of every code; tests/unit/errors.test.ts checks each is in all six languages. */
export const ERROR_KEYS: Readonly<Record<ErrorCode, I18nKey>> = {
  network: 'msg.network',
  load_data: 'error.loadData',
  no_cities: 'search.noResults',
  timeout: 'msg.timeout',
  bad_response: 'msg.badResponse',
  invalid_request: 'error.invalidRequest',
  bad_request: 'error.badRequest',
  body_too_large: 'error.bodyTooLarge',
  not_found: 'error.notFound',
  internal: 'error.internal',
  shutting_down: 'error.shuttingDown',
  too_many: 'msg.tooMany',
  not_signed_in: 'users.notSignedIn',
  title_required: 'msg.titleRequired',
  title_too_long: 'msg.titleLong',
  special_data_json: 'msg.specialJson',
  link_url: 'msg.linkUrl',
  image_url: 'msg.imageUrl',
  lon_required: 'msg.latNeedsLon',
  lat_required: 'msg.lonNeedsLat',
  lock_too_far: 'msg.lockTooFar',
  location_required: 'msg.locationRequired',
  invalid_template: 'msg.invalidTemplate',
  save_failed: 'msg.saveFailed',
  get_failed: 'msg.getFailed',
  create_failed: 'msg.createFailed',
  delete_failed: 'msg.deleteFailed',
  list_failed: 'msg.listFailed',
  lock_failed: 'msg.lockFailed',
  unlock_failed: 'msg.unlockFailed',
  auth_required: 'msg.authRequired',
  no_edit_permission: 'msg.noEditPermission',
  item_not_found: 'msg.itemNotFound',
  edit_link_invalid: 'msg.editLinkInvalid',
  id_mismatch: 'msg.idMismatch',
  result_locked: 'msg.resultLocked',
  lock_date: 'msg.lockDate',
  field_not_allowed: 'msg.fieldNotAllowed',
  priority_not_allowed: 'msg.priorityNotAllowed',
  area_too_large: 'msg.areaTooLarge',
  place_outside_scope: 'msg.placeOutsideScope',
  edit_link_expired: 'msg.editLinkExpired',
  credentials_required: 'login.required',
  email_login_failed: 'login.failed',
  invalid_login: 'msg.invalidLogin',
  email_required: 'msg.emailRequired',
  google_failed: 'msg.googleFailed',
  github_code_failed: 'msg.githubCode',
  github_failed: 'msg.githubFailed',
  csrf_state: 'msg.csrf',
  refresh_failed: 'msg.refreshFailed',
  callback_failed: 'msg.callbackFailed',
  unsupported_provider: 'msg.unsupportedProvider',
  reset_email_failed: 'login.forgotFailed',
  reset_failed: 'reset.failed',
  passwords_differ: 'reset.mismatch',
  password_short: 'reset.short',
  reset_token_invalid: 'reset.missing',
  no_view_users: 'msg.noViewUsers',
  no_remove_users: 'msg.noRemoveUsers',
  no_assign_roles: 'msg.noAssignRoles',
  no_add_users: 'msg.noAddUsers',
  superadmin_only_make: 'msg.superadminOnlyMake',
  superadmin_only_change: 'msg.superadminOnlyChange',
  own_role: 'msg.ownRole',
  remove_self: 'msg.removeSelf',
  user_not_found: 'msg.userNotFound',
  user_exists: 'users.exists',
  page_name_missing: 'users.pageMissing',
  city_name_missing: 'users.cityMissing',
  item_id_missing: 'users.itemMissing',
  page_name_format: 'users.pageRoute',
  city_name_format: 'users.cityChars',
  users_missing: 'msg.usersMissing',
  users_unavailable: 'msg.usersUnavailable',
  list_users_failed: 'users.listFailed',
  remove_user_failed: 'users.removeFailed',
  add_user_failed: 'users.addFailed',
  assign_role_failed: 'msg.assignFailed',
  no_view_feeds: 'feeds.forbidden',
  no_run_feeds: 'feeds.runForbidden',
  feed_off: 'feeds.runOff',
  feed_busy: 'feeds.runBusy',
  feed_run_failed: 'feeds.runFailed',
  feeds_failed: 'feeds.error',
  assistant_off: 'assistant.off',
  assistant_unavailable: 'assistant.unavailable',
  assistant_timeout: 'assistant.timeout',
}

type Translate = (key: I18nKey, values?: Record<string, string>) => string

/**
 * Problems in the visitor's language, joined with a comma (SPEC section 5). A key the loaded
 * dictionary part lacks (the translate function gives the key back) falls back to the English text.
 * @example localProblems([{ code: 'title_required' }, { code: 'link_url' }], t) // 'Se requiere el título, URL de enlace no válida'
 */
export function localProblems(problems: readonly Problem[], t: Translate): string {
  return problems
    .map(({ code, params }) => {
      const key = ERROR_KEYS[code]
      const text = t(key, params ?? {})
      return text === key ? errorMessage(code, params) : text
    })
    .join(', ')
}

/**
 * A failed call in the visitor's language: by the codes it carries (ApiError.problems), else the text
 * the server wrote for a code this client lacks, else the call's fallback code.
 * @example localError(new ApiError(404, 'Item not found', [{ code: 'item_not_found' }]), 'get_failed', t) // 'Elemento no encontrado'
 */
export function localError(error: unknown, fallback: ErrorCode, t: Translate): string {
  const problems: unknown = error instanceof Error ? (error as { problems?: unknown }).problems : null
  if (Array.isArray(problems) && problems.length && problems.every((problem: Problem) => isErrorCode(problem?.code)))
    return localProblems(problems as Problem[], t)
  if (error instanceof Error && 'problems' in error && error.message) return error.message
  return localProblems([{ code: fallback }], t)
}

/**
 * The text of a failed call: an ApiError's message (already the server's or the SPEC's), else the fallback.
 * @example errorText(new ApiError(0, 'Network error. Please check your connection.'), 'Failed to save changes') // the network text
 */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback
}
