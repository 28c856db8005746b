/**
 * The route table of the Porchlight API as the browser calls it: one entry per call, which builds the
 * request (method, path, query, JSON body) from the call's input, typed by the server's own request
 * schemas (types.ts). Every URL the browser sends to the API is built here; each entry's answer is
 * checked by the schema of the same name in answers.ts. No imports at run time, so the visitor pages'
 * reaction call and the widget can build their URL without loading the client or the checks.
 */
import type {
  AssistantBody,
  CallbackBody,
  CoverageQuery,
  EmailAlertsBody,
  EmailBody,
  ForgotBody,
  GoogleBody,
  InviteBody,
  ItemQuery,
  ManageBody,
  ReactionQuery,
  ResetBody,
  ResubscribeBody,
  RoleBody,
  SubscribeBody,
  UsersQuery,
} from './types.ts'

/** One request: the method, the path under the API base (no leading slash), its query and its JSON body. */
export type ApiRequest = {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  query?: Record<string, string>
  json?: unknown
}

const id = (value: number): string => String(Math.trunc(value))
const get = (path: string, query?: Record<string, string>): ApiRequest =>
  query ? { method: 'GET', path, query } : { method: 'GET', path }
const post = (path: string, json?: unknown): ApiRequest =>
  json === undefined ? { method: 'POST', path } : { method: 'POST', path, json }
const remove = (path: string): ApiRequest => ({ method: 'DELETE', path })
/** A query of the set values only, as text. */
const query = (values: Record<string, string | number | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])))

export const ROUTES = {
  /** GET /api/reaction: the point rounded to 2 decimals, the route and test layer when set, a cache buster. */
  reaction: ({ lat, lon, route, layer }: ReactionQuery, now = Date.now()) =>
    get('api/reaction', {
      lat: lat.toFixed(2),
      lon: lon.toFixed(2),
      ...(route ? { route } : {}),
      ...(layer ? { layer: String(layer) } : {}),
      _t: String(now),
    }),
  coverage: ({ state }: CoverageQuery) => get('api/coverage', state ? { state } : undefined),
  assistantStatus: () => get('api/assistant'),
  assistant: (body: AssistantBody) => post('api/assistant', body),
  feeds: () => get('api/feeds'),
  runFeed: (feed: string) => post(`api/feeds/${encodeURIComponent(feed)}/run`),
  signInWithKey: (h: string, rx?: string) => get('api/login', { h, ...(rx ? { rx } : {}) }),
  manageSave: (item: number, payload: ManageBody) => post(`api/manage/${id(item)}`, payload),
  manageUnlock: (item: number) => get(`api/manage/${id(item)}/unlock`),
  itemList: (filter: ItemQuery) => get('items', query(filter)),
  itemGet: (item: number) => get(`items/${id(item)}`),
  itemRemove: (item: number) => remove(`items/${id(item)}`),
  itemEditKey: (item: number) => post(`items/${id(item)}/edit-key`),
  email: (body: EmailBody) => post('auth/email', body),
  google: (body: GoogleBody) => post('auth/google', body),
  callback: (provider: string, body: CallbackBody) => post(`auth/callback/${encodeURIComponent(provider)}`, body),
  refresh: () => post('auth/refresh'),
  logout: () => post('auth/logout'),
  forgotPassword: (body: ForgotBody) => post('auth/forgot-password', body),
  resetPassword: (body: ResetBody) => post('auth/reset-password', body),
  userList: (page: UsersQuery) => get('admin/users', query(page)),
  userAdd: (user: InviteBody) => post('admin/users', user),
  userRole: (user: number, body: RoleBody) => post(`admin/users/${id(user)}/role`, body),
  userRemove: (user: number) => remove(`admin/users/${id(user)}`),
  notifyKey: () => get('api/notify/key'),
  notifySubscribe: (body: SubscribeBody) => post('api/notify/subscriptions', body),
  notifyResubscribe: (subscription: string, body: ResubscribeBody) =>
    post(`api/notify/subscriptions/${encodeURIComponent(subscription)}`, body),
  notifyStop: (subscription: string) => remove(`api/notify/subscriptions/${encodeURIComponent(subscription)}`),
  notifyEmail: (body: EmailAlertsBody) => post('api/notify/email', body),
} satisfies Record<string, (...input: never[]) => ApiRequest>

export type RouteName = keyof typeof ROUTES

/**
 * A request's full address under an API base.
 * @example urlOf('https://api.example/', ROUTES.coverage({ state: 'wa' })) // 'https://api.example/api/coverage?state=wa'
 */
export function urlOf(base: string, { path, query }: ApiRequest): string {
  const search = query ? `?${new URLSearchParams(query)}` : ''
  return `${base.replace(/\/$/, '')}/${path}${search}`
}
