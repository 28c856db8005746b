/**
 * Error and notice texts as the SPEC and the API give them (English), and the dictionary key that
 * says each in the visitor's language. A text not listed here is shown as it came.
 */
export const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'Network error. Please check your connection.': 'msg.network',
  'Unable to load data. Please try again.': 'error.loadData',
  'Title is required': 'msg.titleRequired',
  'Title must be less than 200 characters': 'msg.titleLong',
  'Invalid JSON in specialData': 'msg.specialJson',
  'Invalid link URL': 'msg.linkUrl',
  'Invalid image URL': 'msg.imageUrl',
  'Failed to save changes': 'msg.saveFailed',
  'Failed to get item': 'msg.getFailed',
  'Failed to create item': 'msg.createFailed',
  'Failed to delete item': 'msg.deleteFailed',
  'Failed to list items': 'msg.listFailed',
  'Failed to lock item': 'msg.lockFailed',
  'Failed to unlock item': 'msg.unlockFailed',
  'Authentication required to update items': 'msg.authRequired',
  'You do not have permission to edit this item': 'msg.noEditPermission',
  'Item not found': 'msg.itemNotFound',
  'Too many attempts. Please try again later.': 'msg.tooMany',
  'Email and password are required': 'login.required',
  'Email/password authentication failed': 'login.failed',
  'Invalid email or password': 'msg.invalidLogin',
  'Google authentication failed': 'msg.googleFailed',
  'Failed to exchange GitHub code for token': 'msg.githubCode',
  'GitHub authentication failed': 'msg.githubFailed',
  'Invalid state parameter - possible CSRF attack': 'msg.csrf',
  'Failed to refresh token': 'msg.refreshFailed',
  'OAuth callback failed': 'msg.callbackFailed',
  'Failed to send reset email': 'login.forgotFailed',
  'Failed to reset password': 'reset.failed',
  'Passwords do not match': 'reset.mismatch',
  'Password must be at least 8 characters': 'reset.short',
  'Invalid or missing reset token': 'reset.missing',
  'You do not have permission to view users.': 'msg.noViewUsers',
  'You do not have permission to remove users.': 'msg.noRemoveUsers',
  'You do not have permission to assign roles.': 'msg.noAssignRoles',
  'You do not have permission to add users.': 'msg.noAddUsers',
  'Only a superadmin can make a superadmin.': 'msg.superadminOnlyMake',
  'Only a superadmin can change a superadmin.': 'msg.superadminOnlyChange',
  'You cannot change your own role.': 'msg.ownRole',
  'You cannot remove yourself.': 'msg.removeSelf',
  'User not found': 'msg.userNotFound',
  'User management API not yet implemented. Contact backend team.': 'msg.usersMissing',
  'User management API not available. Backend implementation required.': 'msg.usersUnavailable',
  'Failed to assign role': 'msg.assignFailed',
  'Not signed in': 'users.notSignedIn',
  'A page user needs a page name': 'users.pageMissing',
  'An area user needs a city name': 'users.cityMissing',
  'A one-item user needs an item id': 'users.itemMissing',
  'A user with this email exists': 'users.exists',
  'A page name is a route such as wa/duvall': 'users.pageRoute',
  "A city name has letters, digits, spaces and . , ' ( ) - only": 'users.cityChars',
  'Lon is required when Lat is given': 'msg.latNeedsLon',
  'Lat is required when Lon is given': 'msg.lonNeedsLat',
}

/** Texts that end in the server's status text ('Failed to list users: Bad Gateway'): the key takes it as {{status}}. */
const STATUS_PREFIXES: readonly (readonly [string, string])[] = [
  ['Failed to list users: ', 'users.listFailed'],
  ['Failed to remove user: ', 'users.removeFailed'],
  ['Failed to add user: ', 'users.addFailed'],
]

/**
 * A message in the visitor's language: a known text, a known text followed by the server's status
 * text, or a comma-joined list of known texts (SPEC section 5 joins validation errors with a comma);
 * anything else is kept as it came.
 * @example localMessage('Title is required, Invalid link URL', t) // 'Se requiere el título, URL de enlace no válida'
 */
export function localMessage(message: string, t: (key: string, values?: Record<string, string>) => string): string {
  const whole = MESSAGE_KEYS[message]
  if (whole) return t(whole)
  for (const [prefix, key] of STATUS_PREFIXES)
    if (message.startsWith(prefix)) return t(key, { status: message.slice(prefix.length) })
  const parts = message.split(', ')
  if (parts.length < 2 || !parts.every((part) => MESSAGE_KEYS[part])) return message
  return parts.map((part) => t(MESSAGE_KEYS[part]!)).join(', ')
}

/**
 * The text of a failed call: an ApiError's message (already the server's or the SPEC's), else the fallback.
 * @example errorText(new ApiError(0, 'Network error. Please check your connection.'), 'Failed to save changes') // the network text
 */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback
}
