/**
 * The error vocabulary shared by the API and the browser: one code per failure either side reports,
 * with its English text (the SPEC's words where the SPEC gives them, sections 5 and 8). The server
 * answers `{ error: text, code, params?, problems? }`; the browser translates by code
 * (src/lib/messages.ts maps each code to a dictionary key); a code it lacks (a newer server's) shows the text.
 * Pure: no imports beyond fill, so server/ and the islands both use it. See docs/api.md, "Error codes".
 */
import { fill } from './fill.ts'

export const ERRORS = {
  // General (SPEC section 8)
  network: 'Network error. Please check your connection.',
  load_data: 'Unable to load data. Please try again.',
  no_cities: 'No cities found',
  // The browser's own: the API gave no answer in time, or one that cannot be read
  timeout: 'The server took too long to answer. Please try again.',
  bad_response: 'The server sent an answer that could not be read. Please try again.',
  // The API's own answers to requests it cannot serve
  invalid_request: 'Invalid request: {{detail}}',
  bad_request: 'Invalid request',
  body_too_large: 'Request body too large',
  not_found: 'Not found',
  internal: 'Internal server error',
  shutting_down: 'The server is shutting down; try again shortly',
  too_many: 'Too many attempts. Please try again later.',
  not_signed_in: 'Not signed in',
  // Item validation (SPEC section 5; a list is joined with a comma) and the server's further checks
  title_required: 'Title is required',
  title_too_long: 'Title must be less than 200 characters',
  special_data_json: 'Invalid JSON in specialData',
  link_url: 'Invalid link URL',
  image_url: 'Invalid image URL',
  lon_required: 'Lon is required when Lat is given',
  lat_required: 'Lat is required when Lon is given',
  lock_too_far: 'LockResultUntil must be within {{days}} days',
  location_required: 'Location is required: lat and lon, or a known city name',
  invalid_template: 'Invalid template: {{detail}}',
  // Items (SPEC section 8) and the manage calls
  save_failed: 'Failed to save changes',
  get_failed: 'Failed to get item',
  create_failed: 'Failed to create item',
  delete_failed: 'Failed to delete item',
  list_failed: 'Failed to list items',
  lock_failed: 'Failed to lock item',
  unlock_failed: 'Failed to unlock item',
  auth_required: 'Authentication required to update items',
  no_edit_permission: 'You do not have permission to edit this item',
  item_not_found: 'Item not found',
  edit_link_invalid: 'This edit link is not valid',
  id_mismatch: 'Id does not match the address',
  result_locked: 'Result is locked until {{until}}; send Force to override',
  lock_date: 'dt must be a future date-time within a year',
  // What each role may change (src/lib/field-permission.ts) and owner links
  field_not_allowed: 'You may not change {{field}}',
  priority_not_allowed: 'You may not set the priority {{priority}}',
  area_too_large: 'AreaMiles may be at most {{miles}} miles for your role',
  place_outside_scope: 'The item must stay within {{miles}} miles of your page or city',
  edit_link_expired: 'This edit link has expired; ask for a new one',
  // Sign-in and passwords (SPEC sections 5 and 8)
  credentials_required: 'Email and password are required',
  email_login_failed: 'Email/password authentication failed',
  invalid_login: 'Invalid email or password',
  email_required: 'Email is required',
  google_failed: 'Google authentication failed',
  github_code_failed: 'Failed to exchange GitHub code for token',
  github_failed: 'GitHub authentication failed',
  csrf_state: 'Invalid state parameter - possible CSRF attack',
  refresh_failed: 'Failed to refresh token',
  callback_failed: 'OAuth callback failed',
  unsupported_provider: 'Unsupported provider: {{provider}}',
  reset_email_failed: 'Failed to send reset email',
  reset_failed: 'Failed to reset password',
  passwords_differ: 'Passwords do not match',
  password_short: 'Password must be at least 8 characters',
  reset_token_invalid: 'Invalid or missing reset token',
  // User admin (SPEC sections 6 and 8)
  no_view_users: 'You do not have permission to view users.',
  no_remove_users: 'You do not have permission to remove users.',
  no_assign_roles: 'You do not have permission to assign roles.',
  no_add_users: 'You do not have permission to add users.',
  superadmin_only_make: 'Only a superadmin can make a superadmin.',
  superadmin_only_change: 'Only a superadmin can change a superadmin.',
  own_role: 'You cannot change your own role.',
  remove_self: 'You cannot remove yourself.',
  user_not_found: 'User not found',
  user_exists: 'A user with this email exists',
  page_name_missing: 'A page user needs a page name',
  city_name_missing: 'An area user needs a city name',
  item_id_missing: 'A one-item user needs an item id',
  page_name_format: 'A page name is a route such as wa/duvall',
  city_name_format: "A city name has letters, digits, spaces and . , ' ( ) - only",
  users_missing: 'User management API not yet implemented. Contact backend team.',
  users_unavailable: 'User management API not available. Backend implementation required.',
  list_users_failed: 'Failed to list users: {{status}}',
  remove_user_failed: 'Failed to remove user: {{status}}',
  add_user_failed: 'Failed to add user: {{status}}',
  assign_role_failed: 'Failed to assign role',
  // Feed health and the assistant
  no_view_feeds: 'You do not have permission to view feeds.',
  feeds_failed: 'Failed to load feeds',
  no_run_feeds: 'You do not have permission to run feeds.',
  feed_off: 'This feed is switched off.',
  feed_busy: 'This feed is running now. Try again in a moment.',
  feed_run_failed: 'Failed to run the feed',
  assistant_off: 'Assistant not configured',
  assistant_unavailable: 'Assistant unavailable',
  assistant_timeout: 'Assistant timed out',
} as const

export type ErrorCode = keyof typeof ERRORS
/** Values for a text's {{placeholders}}: a status text, a provider, a date. */
export type ErrorParams = Record<string, string>
/** One problem: its code and the values its text needs. */
export type Problem = { code: ErrorCode; params?: ErrorParams }
/**
 * Every failure's body: the English `error` text (what the SPEC and older clients read), its `code`,
 * and `params` for its placeholders. A failure with several problems (an item's validation) lists them
 * all in `problems`, its `error` joins their texts with a comma and `code` is the first one's.
 */
export type ErrorBody = { error: string; code: ErrorCode; params?: ErrorParams; problems?: Problem[] }

const CODES = new Set<string>(Object.keys(ERRORS))

/** Whether a value is a code of the vocabulary. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && CODES.has(value)
}

/**
 * A problem's English text.
 * @example errorMessage('unsupported_provider', { provider: 'gitlab' }) // 'Unsupported provider: gitlab'
 */
export function errorMessage<C extends ErrorCode>(code: C): (typeof ERRORS)[C]
export function errorMessage(code: ErrorCode, params?: ErrorParams): string
export function errorMessage(code: ErrorCode, params?: ErrorParams): string {
  return params ? fill(ERRORS[code], params) : ERRORS[code]
}

const problemOf = (code: ErrorCode, params?: ErrorParams): Problem => (params ? { code, params } : { code })

/**
 * The body of a failure with one problem.
 * @example errorBody('item_not_found') // { error: 'Item not found', code: 'item_not_found' }
 */
export function errorBody(code: ErrorCode, params?: ErrorParams): ErrorBody {
  return { error: errorMessage(code, params), ...problemOf(code, params) }
}

/**
 * The body of a failure with one or more problems (at least one).
 * @example problemsBody([{ code: 'title_required' }, { code: 'link_url' }]).error // 'Title is required, Invalid link URL'
 */
export function problemsBody(problems: readonly [Problem, ...Problem[]]): ErrorBody {
  const [first, ...rest] = problems
  if (!rest.length) return errorBody(first.code, first.params)
  return {
    error: problems.map((problem) => errorMessage(problem.code, problem.params)).join(', '),
    ...problemOf(first.code, first.params),
    problems: problems.map((problem) => problemOf(problem.code, problem.params)),
  }
}

const isParams = (value: unknown): value is ErrorParams =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((item) => typeof item === 'string')

function readProblem(value: unknown): Problem | null {
  if (typeof value !== 'object' || value === null) return null
  const { code, params } = value as { code?: unknown; params?: unknown }
  if (!isErrorCode(code)) return null
  return isParams(params) ? { code, params } : { code }
}

/**
 * The problems an API answer's body names by code, or null when it has none this client knows
 * (a newer server's code): then its `error` text is what there is to show.
 * @example problemsOfBody({ error: 'Item not found', code: 'item_not_found' }) // [{ code: 'item_not_found' }]
 */
export function problemsOfBody(body: unknown): Problem[] | null {
  if (typeof body !== 'object' || body === null) return null
  const { problems } = body as { problems?: unknown }
  if (Array.isArray(problems) && problems.length) {
    const read = problems.map(readProblem)
    return read.every((problem): problem is Problem => problem !== null) ? read : null
  }
  const one = readProblem(body)
  return one ? [one] : null
}
