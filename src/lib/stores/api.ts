import { createApi } from '../api/porchlight.ts'
import { apiSession } from './api-session.ts'

/**
 * The one Porchlight API client of the page (ky), with the stored token and its renewal
 * (api-session.ts). Visitor pages' reaction call goes without it (api/reaction.ts), so ky loads
 * only with the first staff, account or assistant call.
 */
export const api = createApi(apiSession.token, { onUnauthorized: apiSession.onUnauthorized })
