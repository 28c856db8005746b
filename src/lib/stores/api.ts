import { createApi } from '../api/porchlight.ts'
import { $authToken } from './session.ts'

/**
 * The one Porchlight API client of the page, with the stored token. A token the server refuses
 * (revoked by a role change or sign-out everywhere) is renewed once from the refresh cookie; the
 * session module is imported when that happens, as it imports this client itself.
 */
export const api = createApi(() => $authToken.get(), {
  onUnauthorized: async () => (await import('./auth.ts')).refreshSession(),
})
