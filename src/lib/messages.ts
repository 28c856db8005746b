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
}

/**
 * A message in the visitor's language: each comma-joined part (SPEC section 5 joins validation
 * errors with a comma) that is a known text is translated, the rest kept as it came.
 * @example localMessage('Title is required, Invalid link URL', t) // 'Se requiere el título, URL de enlace no válida'
 */
export function localMessage(message: string, t: (key: string) => string): string {
  const whole = MESSAGE_KEYS[message]
  if (whole) return t(whole)
  const parts = message.split(', ')
  if (parts.length < 2 || !parts.every((part) => MESSAGE_KEYS[part])) return message
  return parts.map((part) => t(MESSAGE_KEYS[part]!)).join(', ')
}
