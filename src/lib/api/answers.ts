/**
 * The answer check at the boundary: one schema per route of routes.ts, so that an answer the client's
 * callers read is the shape the server's schemas promise, and anything else (a proxy's page, a broken
 * or older server) fails as `bad_response`, the clear error every language has.
 *
 * Why mirrors: the server's schemas (server/schemas.ts) are built on @hono/zod-openapi, which must not
 * reach the browser (and the layer rule lets src/ name server/ only with `import type`). These are
 * checks of shape.ts (under 1 KB gzip; zod/mini was 16.8 KB as built, over the city pages' budget), and
 * the type test at the end pins each one to the server's type in both directions: a field added, removed
 * or retyped on the server fails `astro check` here until the mirror follows.
 */
import * as shape from './shape.ts'
import type {
  AssistantAnswer,
  AssistantStatus,
  Coverage,
  OwnerEditKey,
  FeedList,
  FeedRun,
  ItemList,
  ItemRecord,
  KeySession,
  ManageAnswer,
  NotifyKey,
  NotifySubscribed,
  Ok,
  Reaction,
  Session,
  UserList,
  UserView,
} from './types.ts'
import type { RouteName } from './routes.ts'
import { DATA_ANSWER_FIELDS, ITEM_ANSWER_FIELDS } from '../item-answer-fields.ts'
import { STAFF_ANSWER_FIELDS } from '../item-staff-fields.ts'
import { alertItem, coverage, nullableText, reaction } from './live-answers.ts'

const { text, int } = shape

const itemRecord = shape.object({
  ...ITEM_ANSWER_FIELDS,
  ...DATA_ANSWER_FIELDS,
  ...STAFF_ANSWER_FIELDS,
  fetchError: nullableText,
  nextFetchAt: nullableText,
  hasEditKey: shape.boolean,
  isDemo: shape.boolean,
  feedId: shape.optional(nullableText),
  createdAt: text,
  updatedAt: text,
})

const feedHealth = shape.object({
  id: text,
  name: text,
  adapter: text,
  enabled: shape.boolean,
  schedule: int,
  lastRunAt: nullableText,
  lastSuccessAt: nullableText,
  lastError: nullableText,
  lastErrorAt: nullableText,
  itemCount: int,
  nextRunAt: nullableText,
  failures: int,
  stale: shape.boolean,
  attribution: shape.object({ name: text, url: nullableText }),
  withheld: shape.optional(int),
  skipped: shape.optional(int),
  requestsToday: shape.optional(int),
  dailyBudget: shape.optional(int),
  areas: shape.optional(int),
})
const feedRun = shape.object({
  run: shape.object({
    state: shape.oneOf(['stored', 'not-modified', 'failed']),
    added: int,
    changed: int,
    removed: int,
    skipped: int,
    withheld: int,
    error: nullableText,
  }),
  feed: feedHealth,
})

const user = shape.object({
  id: int,
  email: text,
  name: text,
  provider: text,
  role: int,
  roleName: text,
  itemId: shape.nullable(int),
  pageName: nullableText,
  cityName: nullableText,
  createdAt: text,
  lastLoginAt: nullableText,
})
const session = shape.object({ token: text, user })
const ok = shape.object({ ok: shape.literal(true), message: shape.optional(text) })

/** What each route answers (types.ts, from the server's schemas). */
export type Answers = {
  reaction: Reaction
  coverage: Coverage
  assistantStatus: AssistantStatus
  assistant: AssistantAnswer
  feeds: FeedList
  runFeed: FeedRun
  signInWithKey: KeySession
  manageSave: ManageAnswer
  manageUnlock: ManageAnswer
  itemList: ItemList
  itemGet: ItemRecord
  itemRemove: Ok
  itemEditKey: OwnerEditKey
  email: Session
  google: Session
  callback: Session
  refresh: Session
  logout: Ok
  forgotPassword: Ok
  resetPassword: Ok
  userList: UserList
  userAdd: UserView
  userRole: UserView
  userRemove: Ok
  notifyKey: NotifyKey
  notifySubscribe: NotifySubscribed
  // Read by their status only (src/lib/notify/client.ts): 200, 204 or 202, 404.
  notifyResubscribe: unknown
  notifyStop: unknown
  notifyEmail: unknown
}

const manageAnswer = shape.object({ record: shape.record(shape.unknown), item: alertItem })

const ANSWERS = {
  reaction,
  coverage,
  assistantStatus: shape.object({ configured: shape.boolean }),
  assistant: shape.object({ answer: text }),
  feeds: shape.object({ feeds: shape.array(feedHealth) }),
  runFeed: feedRun,
  signInWithKey: shape.object({ token: text, itemId: int }),
  manageSave: manageAnswer,
  manageUnlock: manageAnswer,
  itemList: shape.object({ items: shape.array(itemRecord), total: int }),
  itemGet: itemRecord,
  itemRemove: ok,
  itemEditKey: shape.object({ editKey: text, loginPath: text, expiresAt: text }),
  email: session,
  google: session,
  callback: session,
  refresh: session,
  logout: ok,
  forgotPassword: ok,
  resetPassword: ok,
  userList: shape.object({ users: shape.array(user), total: int }),
  userAdd: user,
  userRole: user,
  userRemove: ok,
  notifyKey: shape.object({ publicKey: text }),
  notifySubscribe: shape.object({ id: text, secret: text }),
  notifyResubscribe: shape.unknown,
  notifyStop: shape.unknown,
  notifyEmail: shape.unknown,
} satisfies { [Name in RouteName]: shape.Check<unknown> }

/** Whether an answer is the shape its route promises; the answer itself is kept as it came (nothing stripped). */
export function isAnswer<Name extends RouteName>(name: Name, body: unknown): body is Answers[Name] {
  return ANSWERS[name](body)
}

// Each mirror reads exactly as the server's type: neither has a field (or an optionality) the other lacks.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Drift = {
  [Name in RouteName]: Same<shape.Infer<(typeof ANSWERS)[Name]>, Answers[Name]> extends true ? never : Name
}[RouteName]
// Fails type checking naming the drifted routes (`Type 'true' is not assignable to type '{ drifted: "feeds" | … }'`).
const noDrift: [Drift] extends [never] ? true : { drifted: Drift } = true
void noDrift
