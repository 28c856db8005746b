/**
 * The API contract on the browser's side: every answer type the Porchlight API sends, derived from the
 * server's zod schemas (server/schemas.ts), and every request body and query the browser sends, derived
 * from the zod schemas the server's routes validate with (read off each route sub-app's Hono schema, or
 * the route itself), so neither can drift. The only module under src/ that may name server/
 * (eslint.config.mjs), and only with `import type`: nothing of server/ reaches the bundle. The answers
 * are checked at run time by their mirrors in answers.ts, pinned to these types there.
 */
import type { z } from '@hono/zod-openapi'
import type { Hono } from 'hono'
import type {
  alertItemSchema,
  assistantAnswerSchema,
  assistantStatusSchema,
  editKeySchema,
  feedRunSchema,
  feedsSchema,
  itemListSchema,
  itemRecordSchema,
  keySessionSchema,
  manageAnswerSchema,
  okSchema,
  reactionSchema,
  sessionSchema,
  userListSchema,
  userSchema,
} from '../../../server/schemas.ts'
import type { admin } from '../../../server/routes/admin.ts'
import type { assistantRoute } from '../../../server/routes/assistant.ts'
import type { auth } from '../../../server/routes/auth.ts'
import type { listQuery } from '../../../server/routes/items.ts'
import type { manage } from '../../../server/routes/manage.ts'
import type { emailBody, notify } from '../../../server/routes/notify.ts'
import type { oauth } from '../../../server/routes/oauth.ts'
import type { reactionQuery } from '../../../server/routes/reaction.ts'
import type { coverageQuery, coverageSchema } from '../../../server/routes/coverage.ts'

export type Ok = z.infer<typeof okSchema>

/** What an item shows in the reaction lists: the SPEC's Alert item, plus where it is, whose it is and who published it. */
export type AlertItem = z.infer<typeof alertItemSchema>
/** GET /api/reaction: one list per section. */
export type Reaction = z.infer<typeof reactionSchema>
/** Every editable field of an item plus its bookkeeping, for staff (GET /items, /items/{id}). */
export type ItemRecord = z.infer<typeof itemRecordSchema>
export type ItemList = z.infer<typeof itemListSchema>
/** The manage family's answer: the legacy PascalCase record and the public Alert item. */
export type ManageAnswer = z.infer<typeof manageAnswerSchema>
/** POST /items/{id}/edit-key: shown once. */
export type OwnerEditKey = z.infer<typeof editKeySchema>

/** A user as the API sends it (never the password hash). */
export type UserView = z.infer<typeof userSchema>
export type UserList = z.infer<typeof userListSchema>
export type Session = z.infer<typeof sessionSchema>
/** GET /api/login: a token of role one for the item an edit key opens. */
export type KeySession = z.infer<typeof keySessionSchema>

/** GET /api/feeds: each feed's health, for the editor's feed-health panel (admin and superadmin). */
export type FeedList = z.infer<typeof feedsSchema>
export type FeedHealth = FeedList['feeds'][number]
/** POST /api/feeds/{id}/run: what the run did, and the feed's health after it. */
export type FeedRun = z.infer<typeof feedRunSchema>

export type AssistantAnswer = z.infer<typeof assistantAnswerSchema>
export type AssistantStatus = z.infer<typeof assistantStatusSchema>

/** GET /items' query (server/routes/items.ts): every field optional, the server fills the defaults. */
export type ItemQuery = Partial<z.output<typeof listQuery>>
/**
 * GET /api/reaction's query (server/routes/reaction.ts) without its cache buster, which the client adds.
 * A place without a route passes null or leaves it out: no `route` parameter is sent for either.
 */
export type ReactionQuery = Omit<z.output<typeof reactionQuery>, '_t' | 'route'> & { route?: string | null | undefined }

/** GET /api/coverage: which sources cover each state and section, and their health now (public). */
export type Coverage = z.infer<typeof coverageSchema>
export type CoverageSource = Coverage['sources'][number]

/** The routes a sub-app of server/routes declares (Hono's schema of its chained `.openapi()` calls). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any environment and base path, as Hono's own `hc` reads it
type RoutesOf<App> = App extends Hono<any, infer Schema, any> ? Schema : never
/** A type that says something: `unknown` (a route the schema lost) becomes `never`, so every call with it fails to check. */
type Known<T> = unknown extends T ? never : T
/** What a route of a sub-app accepts as its JSON body, before the server's parsing (defaults still optional). */
type BodyOf<
  App,
  Path extends keyof RoutesOf<App>,
  Method extends keyof RoutesOf<App>[Path],
> = RoutesOf<App>[Path][Method] extends {
  input: { json: infer Body }
}
  ? Known<Body>
  : never

/** What a route of a sub-app answers with a status, as its schema says. */
type AnswerOf<App, Path extends keyof RoutesOf<App>, Method extends keyof RoutesOf<App>[Path], Status extends number> = Known<
  Extract<RoutesOf<App>[Path][Method], { status: Status }> extends { output: infer Answer } ? Answer : never
>

/** POST /auth/email. */
export type EmailBody = BodyOf<typeof auth, '/auth/email', '$post'>
/** POST /auth/forgot-password. */
export type ForgotBody = BodyOf<typeof auth, '/auth/forgot-password', '$post'>
/** POST /auth/reset-password. */
export type ResetBody = BodyOf<typeof auth, '/auth/reset-password', '$post'>
/** POST /auth/google. */
export type GoogleBody = BodyOf<typeof oauth, '/auth/google', '$post'>
/** POST /auth/callback/{provider}. */
export type CallbackBody = BodyOf<typeof oauth, '/auth/callback/:provider', '$post'>
/** POST /api/manage/{id}: the manage payload (PascalCase item fields; id 0 creates). */
export type ManageBody = Exclude<BodyOf<typeof manage, `/api/manage/:id`, '$post'>, { Record: unknown }>
/** POST /admin/users. */
export type InviteBody = BodyOf<typeof admin, '/admin/users', '$post'>
/** POST /admin/users/{id}/role. */
export type RoleBody = BodyOf<typeof admin, '/admin/users/:id/role', '$post'>
/** GET /admin/users' query. */
export type UsersQuery = { limit?: number; offset?: number }
/** POST /api/assistant. */
export type AssistantBody = Known<z.input<(typeof assistantRoute)['request']['body']['content']['application/json']['schema']>>
/** POST /api/notify/subscriptions: a browser's push subscription and its places. */
export type SubscribeBody = BodyOf<typeof notify, '/api/notify/subscriptions', '$post'>
/** POST /api/notify/subscriptions/{id}: the places, and the push subscription when it changed. */
export type ResubscribeBody = BodyOf<typeof notify, '/api/notify/subscriptions/:id', '$post'>
/** POST /api/notify/email. */
export type EmailAlertsBody = Known<z.input<typeof emailBody>>
/** GET /api/notify/key: the VAPID public key. */
export type NotifyKey = AnswerOf<typeof notify, '/api/notify/key', '$get', 200>
/** POST /api/notify/subscriptions: the new subscription's id and secret, given once. */
export type NotifySubscribed = AnswerOf<typeof notify, '/api/notify/subscriptions', '$post', 201>
/** GET /api/coverage's query. */
export type CoverageQuery = z.output<typeof coverageQuery>
