import { $authToken } from './session.ts'

/**
 * What every Porchlight API call of the page knows of the session: the stored token, and how a
 * token the server refuses (revoked by a role change or sign-out everywhere) is renewed once from
 * the refresh cookie. The session module is imported only then, as it imports the API client itself.
 */
export const apiSession = {
  token: (): string | null => $authToken.get(),
  onUnauthorized: async (): Promise<boolean> => (await import('./auth.ts')).refreshSession(),
}
