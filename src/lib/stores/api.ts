import { createApi } from '../api/porchlight.ts'
import { $authToken } from './session.ts'

/** The one Porchlight API client of the page, with the stored token. */
export const api = createApi(() => $authToken.get())
