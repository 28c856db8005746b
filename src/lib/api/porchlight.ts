/**
 * The Porchlight API client (SPEC section 7): ky with the bearer token, 30 s timeout, errors as ApiError.
 *
 * One way for every call (issue 27): the request is built by the route table (routes.ts), whose inputs are
 * typed by the zod schemas the server validates with (types.ts), and the answer is checked at the boundary
 * by its route's schema (answers.ts) before any caller reads it; an answer of another shape is
 * `bad_response`. Chaining every Hono route for its typed client (`hc`) was not taken: the manage and
 * assistant sub-apps are built in steps, `hc` checks nothing at run time, and its types slow `astro check`.
 * The visitor pages' calls (reaction.ts, coverage.ts) use the same table and checks with the browser's fetch.
 */
import { apiBase } from '../public-env.ts'
import ky, { isHTTPError, isNetworkError, isTimeoutError, type HTTPError, type KyInstance } from 'ky'
import type { AssistantBody, ItemQuery, ManageBody, RoleBody, UsersQuery } from './types.ts'
import { ROUTES, type ApiRequest, type RouteName } from './routes.ts'
import { isAnswer } from './answers.ts'
import type { NewUser } from '../users.ts'
import { usersProblem, type UsersAction } from '../users.ts'
import { errorMessage, problemsOfBody, type ErrorCode, type ErrorParams, type Problem } from '../errors.ts'

const API_TIMEOUT_MS = 30_000
export const NETWORK_ERROR = errorMessage('network')

export { apiBase }

/** A failed call: the HTTP status (0 for network failures and timeouts) and a message to show. */
export class ApiError extends Error {
  readonly status: number
  /** What failed, by the codes of src/lib/errors.ts: the server's or the client's own; null for a code this client lacks. */
  readonly problems: Problem[] | null
  constructor(status: number, message: string, problems: Problem[] | null = null) {
    super(message)
    this.status = status
    this.problems = problems
  }
}

/** The answer and query types, derived from the server's schemas (types.ts); re-exported for the client's callers. */
export type * from './types.ts'

/** An answer that is JSON but not the shape its route promises (answers.ts). */
class BadAnswer extends Error {}

/** A failure the client names itself, by its code: its English text, the code and its values. */
function ownError(status: number, code: ErrorCode, params?: ErrorParams): ApiError {
  return new ApiError(status, errorMessage(code, params), [params ? { code, params } : { code }])
}

/** A refusing server's `{ error }` and its codes (null for a code this client lacks); null for a body without one. */
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
  if (error instanceof SyntaxError || error instanceof BadAnswer) return ownError(0, 'bad_response')
  return ownError(0, fallback)
}

/**
 * Makes the client. `token` reads the stored bearer token at each call.
 * @example const api = createApi(() => $authToken.get()); await api.items.get(12)
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
  /** Sends a route's request and checks its answer; `timeout` for the calls that may take longer. */
  const send =
    <Name extends RouteName>(name: Name, request: ApiRequest, timeout?: number) =>
    async (client: KyInstance) => {
      const body: unknown = await client(request.path, {
        method: request.method,
        ...(request.query ? { searchParams: request.query } : {}),
        ...(request.json === undefined ? {} : { json: request.json }),
        ...(timeout ? { timeout } : {}),
      }).json()
      if (!isAnswer(name, body)) throw new BadAnswer(`${request.method} ${request.path}`)
      return body
    }

  return {
    /** Whether the server has a model for the assistant (GET /api/assistant, 200 either way). */
    assistantStatus: () => call('load_data', send('assistantStatus', ROUTES.assistantStatus())),
    /** The assistant's model answer (POST /api/assistant); a 404 means the server has no model configured. */
    assistant: (body: AssistantBody, timeoutMs: number) =>
      call('load_data', send('assistant', ROUTES.assistant(body), timeoutMs)),
    feeds: () => call('feeds_failed', send('feeds', ROUTES.feeds())),
    /** Runs one feed now (admins): the answer comes when the run ends, so it may take a feed's time limit and more. */
    runFeed: (feed: string) => call('feed_run_failed', send('runFeed', ROUTES.runFeed(feed), 180_000)),
    signInWithKey: (h: string, rx?: string) => call('edit_link_invalid', send('signInWithKey', ROUTES.signInWithKey(h, rx))),
    manage: {
      save: (item: number, payload: ManageBody) => call('save_failed', send('manageSave', ROUTES.manageSave(item, payload))),
      unlock: (item: number) => call('unlock_failed', send('manageUnlock', ROUTES.manageUnlock(item))),
    },
    items: {
      list: (query: ItemQuery = {}) => call('list_failed', send('itemList', ROUTES.itemList(query))),
      get: (item: number) => call('get_failed', send('itemGet', ROUTES.itemGet(item))),
      remove: (item: number) => call('delete_failed', send('itemRemove', ROUTES.itemRemove(item))),
      /** A new owner edit key for the item (the old one stops working); shown once. */
      editKey: (item: number) => call('get_failed', send('itemEditKey', ROUTES.itemEditKey(item))),
    },
    auth: {
      email: (email: string, password: string) =>
        call('email_login_failed', send('email', ROUTES.email({ email, password })), false),
      google: (credential: string) => call('google_failed', send('google', ROUTES.google({ credential })), false),
      callback: (provider: string, code: string) =>
        call('callback_failed', send('callback', ROUTES.callback(provider, { code })), false),
      refresh: () => call('refresh_failed', send('refresh', ROUTES.refresh()), false),
      logout: () => call('network', send('logout', ROUTES.logout()), false),
      forgotPassword: (email: string) =>
        call('reset_email_failed', send('forgotPassword', ROUTES.forgotPassword({ email })), false),
      resetPassword: (token: string, password: string) =>
        call('reset_failed', send('resetPassword', ROUTES.resetPassword({ token, password })), false),
    },
    users: (() => {
      // SPEC section 8 words these errors by status and status text, so they are read from ky's error here.
      const run = async <T>(action: UsersAction, request: () => Promise<T>): Promise<T> => {
        try {
          return await attempt(request, true)
        } catch (error) {
          if (error instanceof SyntaxError || error instanceof BadAnswer) throw ownError(0, 'bad_response')
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
        list: (page: UsersQuery = {}) => run('list', () => send('userList', ROUTES.userList(page))(http)),
        add: (user: NewUser) => run('add', () => send('userAdd', ROUTES.userAdd(user))(http)),
        assignRole: (user: number, role: RoleBody['role'], scope: Omit<RoleBody, 'role'> = {}) =>
          run('assign', () => send('userRole', ROUTES.userRole(user, { role, ...scope }))(http)),
        remove: (user: number) => run('remove', () => send('userRemove', ROUTES.userRemove(user))(http)),
      }
    })(),
  }
}

export type Api = ReturnType<typeof createApi>
