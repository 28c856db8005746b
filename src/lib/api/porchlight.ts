/** The Porchlight API client (SPEC section 7): ky with the bearer token, 30 s timeout, errors as ApiError. */
import { apiBase } from '../public-env.ts'
import ky, { isHTTPError, isNetworkError, isTimeoutError, type HTTPError, type KyInstance } from 'ky'
import type {
  AssistantAnswer,
  AssistantStatus,
  CityResult,
  EditKey,
  FeedList,
  FeedRun,
  GithubToken,
  ItemList,
  ItemQuery,
  ItemRecord,
  KeySession,
  ManageAnswer,
  Ok,
  Reaction,
  ReactionQuery,
  Session,
  UserList,
  UserView,
} from './types.ts'
import { usersProblem, type NewUser, type RoleScope, type UsersAction } from '../users.ts'
import { errorMessage, problemsOfBody, problemsOfText, type ErrorCode, type ErrorParams, type Problem } from '../errors.ts'

export const API_TIMEOUT_MS = 30_000
export const NETWORK_ERROR = errorMessage('network')

export { apiBase }

/** A failed call: the HTTP status (0 for network failures and timeouts) and a message to show. */
export class ApiError extends Error {
  readonly status: number
  /** What failed, by the codes of src/lib/errors.ts: the server's, else read from the text; null for a text the vocabulary lacks. */
  readonly problems: Problem[] | null
  constructor(status: number, message: string, problems?: Problem[] | null) {
    super(message)
    this.status = status
    this.problems = problems ?? problemsOfText(message)
  }
}

/** The answer and query types, derived from the server's schemas (types.ts); re-exported for the client's callers. */
export type * from './types.ts'

/** A failure the client names itself, by its code: its English text, the code and its values. */
function ownError(status: number, code: ErrorCode, params?: ErrorParams): ApiError {
  return new ApiError(status, errorMessage(code, params), [params ? { code, params } : { code }])
}

/** A refusing server's `{ error }` and its codes (null: an older server's, read from the text); null for a body without one. */
function refusal(error: HTTPError): { message: string; problems: Problem[] | null } | null {
  // ky has read the body already: parsed JSON, or text.
  const body: unknown = error.data
  if (typeof body !== 'object' || !body || !('error' in body) || typeof body.error !== 'string' || !body.error) return null
  return { message: body.error, problems: problemsOfBody(body) }
}

/**
 * The server's `{ error }` with its codes, else the call's own fallback (SPEC section 8); the client's
 * own failures by their codes: no connection, no answer in time, an answer that is not JSON.
 */
function toApiError(error: unknown, fallback: ErrorCode): ApiError {
  if (isHTTPError(error)) {
    const refused = refusal(error)
    return refused
      ? new ApiError(error.response.status, refused.message, refused.problems)
      : ownError(error.response.status, fallback)
  }
  if (isTimeoutError(error)) return ownError(0, 'timeout')
  if (isNetworkError(error) || error instanceof TypeError) return ownError(0, 'network')
  if (error instanceof SyntaxError) return ownError(0, 'bad_response')
  return ownError(0, fallback)
}

/**
 * Makes the client. `token` reads the stored bearer token at each call.
 * @example const api = createApi(() => $authToken.get()); await api.reaction({ lat: 47.74, lon: -121.99 })
 */
export function createApi(
  token: () => string | null,
  options: { base?: string; fetch?: typeof fetch; onUnauthorized?: () => Promise<boolean> } = {},
) {
  const http: KyInstance = ky.create({
    baseUrl: `${options.base ?? apiBase()}/`,
    timeout: API_TIMEOUT_MS,
    retry: 0,
    credentials: 'include',
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const value = token()
          if (value) request.headers.set('Authorization', `Bearer ${value}`)
        },
      ],
    },
  })
  /**
   * Runs a request; a 401 to one that carried a token (revoked elsewhere: a role change, sign-out
   * everywhere) renews the session once through `onUnauthorized` and tries again with the new token.
   */
  const attempt = async <T>(run: () => Promise<T>, renew: boolean): Promise<T> => {
    const sent = token()
    try {
      return await run()
    } catch (error) {
      const refused = isHTTPError(error) && error.response.status === 401
      if (!renew || !refused || !sent || !options.onUnauthorized || !(await options.onUnauthorized())) throw error
      return run()
    }
  }
  /** `renew: false` for the sign-in calls themselves, which must never renew (refresh answering 401 would loop). */
  const call = async <T>(fallback: ErrorCode, run: (client: KyInstance) => Promise<T>, renew = true): Promise<T> => {
    try {
      return await attempt(() => run(http), renew)
    } catch (error) {
      throw toApiError(error, fallback)
    }
  }
  const id = (value: number): string => String(Math.trunc(value))

  return {
    reaction: ({ lat, lon, route, layer }: ReactionQuery) =>
      call('load_data', (c) =>
        c
          .get('api/reaction', {
            searchParams: {
              lat: lat.toFixed(2),
              lon: lon.toFixed(2),
              ...(route ? { route } : {}),
              ...(layer ? { layer } : {}),
              _t: Date.now(),
            },
          })
          .json<Reaction>(),
      ),
    /** Whether the server has a model for the assistant (GET /api/assistant, 200 either way). */
    assistantStatus: () => call('load_data', (c) => c.get('api/assistant').json<AssistantStatus>()),
    /** The assistant's model answer (POST /api/assistant); a 404 means the server has no model configured. */
    assistant: (body: { question: string; language: string; summary: string }, timeoutMs: number) =>
      call('load_data', (c) => c.post('api/assistant', { json: body, timeout: timeoutMs }).json<AssistantAnswer>()),
    feeds: () => call('feeds_failed', (c) => c.get('api/feeds').json<FeedList>()),
    /** Runs one feed now (admins): the answer comes when the run ends, so it may take a feed's time limit and more. */
    runFeed: (feed: string) =>
      call('feed_run_failed', (c) => c.post(`api/feeds/${encodeURIComponent(feed)}/run`, { timeout: 180_000 }).json<FeedRun>()),
    cities: (city: string) => call('no_cities', (c) => c.get('api/cities', { searchParams: { city } }).json<CityResult[]>()),
    signInWithKey: (h: string, rx?: string) =>
      call('edit_link_invalid', (c) => c.get('api/login', { searchParams: { h, ...(rx ? { rx } : {}) } }).json<KeySession>()),
    manage: {
      get: (item: number) => call('get_failed', (c) => c.get(`api/manage/${id(item)}`).json<ManageAnswer>()),
      save: (item: number, payload: Record<string, unknown>) =>
        call('save_failed', (c) => c.post(`api/manage/${id(item)}`, { json: payload }).json<ManageAnswer>()),
      remove: (item: number) => call('delete_failed', (c) => c.delete(`api/manage/${id(item)}`).json<Ok>()),
      lock: (item: number, until: Date) =>
        call('lock_failed', (c) =>
          c.get(`api/manage/${id(item)}/lock`, { searchParams: { dt: until.toISOString() } }).json<ManageAnswer>(),
        ),
      unlock: (item: number) => call('unlock_failed', (c) => c.get(`api/manage/${id(item)}/unlock`).json<ManageAnswer>()),
    },
    items: {
      list: (query: ItemQuery = {}) => call('list_failed', (c) => c.get('items', { searchParams: query }).json<ItemList>()),
      get: (item: number) => call('get_failed', (c) => c.get(`items/${id(item)}`).json<ItemRecord>()),
      create: (fields: Record<string, unknown>) =>
        call('create_failed', (c) => c.post('items', { json: fields }).json<ItemRecord>()),
      remove: (item: number) => call('delete_failed', (c) => c.delete(`items/${id(item)}`).json<Ok>()),
      lock: (item: number, duration = 3600) =>
        call('lock_failed', (c) => c.post(`items/${id(item)}/lock`, { json: { duration } }).json<ItemRecord>()),
      unlock: (item: number) => call('unlock_failed', (c) => c.post(`items/${id(item)}/unlock`).json<ItemRecord>()),
      /** A new owner edit key for the item (the old one stops working); shown once. */
      editKey: (item: number) => call('get_failed', (c) => c.post(`items/${id(item)}/edit-key`).json<EditKey>()),
    },
    auth: {
      email: (email: string, password: string) =>
        call('email_login_failed', (c) => c.post('auth/email', { json: { email, password } }).json<Session>(), false),
      google: (credential: string) =>
        call('google_failed', (c) => c.post('auth/google', { json: { credential } }).json<Session>(), false),
      githubToken: (code: string) =>
        call('github_code_failed', (c) => c.post('auth/github/token', { json: { code } }).json<GithubToken>(), false),
      github: (accessToken: string) =>
        call('github_failed', (c) => c.post('auth/github', { json: { accessToken } }).json<Session>(), false),
      callback: (provider: string, code: string) =>
        call(
          'callback_failed',
          (c) => c.post(`auth/callback/${encodeURIComponent(provider)}`, { json: { code } }).json<Session>(),
          false,
        ),
      refresh: () => call('refresh_failed', (c) => c.post('auth/refresh').json<Session>(), false),
      logout: () => call('network', (c) => c.post('auth/logout').json<Ok>(), false),
      me: () => call('not_signed_in', (c) => c.get('auth/me').json<UserView>(), false),
      forgotPassword: (email: string) =>
        call('reset_email_failed', (c) => c.post('auth/forgot-password', { json: { email } }).json<Ok>(), false),
      resetPassword: (token: string, password: string) =>
        call('reset_failed', (c) => c.post('auth/reset-password', { json: { token, password } }).json<Ok>(), false),
    },
    users: (() => {
      // SPEC section 8 words these errors by status and status text, so they are read from ky's error here.
      const run = async <T>(action: UsersAction, request: () => Promise<T>): Promise<T> => {
        try {
          return await attempt(request, true)
        } catch (error) {
          if (error instanceof SyntaxError) throw ownError(0, 'bad_response')
          const http = isHTTPError(error)
          const refused = http ? refusal(error) : null
          const status = http ? error.response.status : 0
          const statusText = http ? error.response.statusText : ''
          const problem = usersProblem(action, { status, statusText, serverError: refused?.message ?? null })
          // The server's own refusal keeps its words and codes; else the SPEC's text for the status, by its code.
          if (!problem && refused) throw new ApiError(status, refused.message, refused.problems)
          const { code, params } = problem ?? { code: 'users_unavailable' as const }
          throw ownError(status, code, params)
        }
      }
      return {
        list: ({ limit, offset }: { limit?: number; offset?: number } = {}) =>
          run('list', () =>
            http
              .get('admin/users', {
                searchParams: { ...(limit === undefined ? {} : { limit }), ...(offset === undefined ? {} : { offset }) },
              })
              .json<UserList>(),
          ),
        add: (user: NewUser) => run('add', () => http.post('admin/users', { json: user }).json<UserView>()),
        assignRole: (user: number, role: NewUser['role'] | number, scope: RoleScope = {}) =>
          run('assign', () => http.post(`admin/users/${id(user)}/role`, { json: { role, ...scope } }).json<UserView>()),
        remove: (user: number) => run('remove', () => http.delete(`admin/users/${id(user)}`).json<Ok>()),
      }
    })(),
  }
}

export type Api = ReturnType<typeof createApi>
