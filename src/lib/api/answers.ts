/**
 * The answer check at the boundary: one schema per route of routes.ts, so that an answer the client's
 * callers read is the shape the server's schemas promise, and anything else (a proxy's page, a broken
 * or older server) fails as `bad_response`, the clear error every language has.
 *
 * Why mirrors: the server's schemas (server/schemas.ts) are built on @hono/zod-openapi, which must not
 * reach the browser (and the layer rule lets src/ name server/ only with `import type`). These are
 * zod/mini schemas (about 5 KB gzip with their checks, against 90 KB for zod's full build), and the type
 * test at the end pins each one to the server's type in both directions: a field added, removed or
 * retyped on the server fails `astro check` here until the mirror follows.
 */
import * as z from 'zod/mini'
import type {
  AssistantAnswer,
  AssistantStatus,
  Coverage,
  EditKey,
  FeedList,
  FeedRun,
  ItemList,
  ItemRecord,
  KeySession,
  ManageAnswer,
  Ok,
  Reaction,
  Session,
  UserList,
  UserView,
} from './types.ts'
import type { RouteName } from './routes.ts'

const text = z.string()
const nullableText = z.nullable(z.string())
const int = z.number().check(z.int())

const itemFields = {
  id: int,
  priority: text,
  stateType: nullableText,
  state: nullableText,
  title: text,
  class: nullableText,
  image: nullableText,
  link: nullableText,
  icon: nullableText,
  dataLink: nullableText,
  dataLinkType: nullableText,
  valueChanged: nullableText,
  retrieved: nullableText,
  isOld: z.boolean(),
  dataCategory: nullableText,
  category: nullableText,
  dataAspect: text,
  dataProperty: text,
  lat: z.number(),
  lon: z.number(),
  pageName: nullableText,
  cityName: nullableText,
}
const dataFields = {
  lines: z.array(text),
  classes: z.array(text),
  location: nullableText,
  status: nullableText,
  dataTemplate: nullableText,
  specialData: nullableText,
  lockResultUntil: nullableText,
}
const alertItem = z.object({
  ...itemFields,
  data: z.object(dataFields),
  distance: z.number(),
  source: z.optional(z.nullable(z.object({ name: text, url: nullableText }))),
  startsAt: z.optional(nullableText),
  endsAt: z.optional(nullableText),
})
const section = z.object({ messages: z.array(alertItem) })
const reaction = z.object({ statuses: section, roads: section, cameras: section, local: section })

const itemRecord = z.object({
  ...itemFields,
  ...dataFields,
  isActive: z.boolean(),
  order: int,
  areaMiles: z.number(),
  layer: int,
  fetchError: nullableText,
  nextFetchAt: nullableText,
  hasEditKey: z.boolean(),
  isDemo: z.boolean(),
  feedId: z.optional(nullableText),
  createdAt: text,
  updatedAt: text,
})

const feedHealth = z.object({
  id: text,
  name: text,
  adapter: text,
  enabled: z.boolean(),
  schedule: int,
  lastRunAt: nullableText,
  lastSuccessAt: nullableText,
  lastError: nullableText,
  lastErrorAt: nullableText,
  itemCount: int,
  nextRunAt: nullableText,
  failures: int,
  stale: z.boolean(),
  attribution: z.object({ name: text, url: nullableText }),
  withheld: z.optional(int),
  skipped: z.optional(int),
  requestsToday: z.optional(int),
  dailyBudget: z.optional(int),
  areas: z.optional(int),
})
const feedRun = z.object({
  run: z.object({
    state: z.enum(['stored', 'not-modified', 'failed']),
    added: int,
    changed: int,
    removed: int,
    skipped: int,
    withheld: int,
    error: nullableText,
  }),
  feed: feedHealth,
})

const user = z.object({
  id: int,
  email: text,
  name: text,
  provider: text,
  role: int,
  roleName: text,
  itemId: z.nullable(int),
  pageName: nullableText,
  cityName: nullableText,
  createdAt: text,
  lastLoginAt: nullableText,
})
const session = z.object({ token: text, user })
const ok = z.object({ ok: z.literal(true), message: z.optional(text) })

const ids = z.array(text)
const bySection = z.object({ statuses: ids, roads: ids, cameras: ids, local: ids })
const sourceFields = {
  id: text,
  name: text,
  section: z.enum(['statuses', 'roads', 'cameras', 'local']),
  status: z.enum(['ok', 'waiting', 'stale', 'failing', 'off']),
  off: z.nullable(z.enum(['key', 'inactive', 'unsupported', 'disabled'])),
  publisher: z.object({ name: text, url: nullableText }),
  lastSuccessAt: nullableText,
}
const coverage = z.object({
  generatedAt: text,
  sources: z.array(z.object({ ...sourceFields, states: ids, items: int })),
  registries: z.array(z.object(sourceFields)),
  national: bySection,
  states: z.array(z.object({ code: text, name: text, sections: bySection })),
  unplaced: ids,
})

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
  itemEditKey: EditKey
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
}

const manageAnswer = z.object({ record: z.record(text, z.unknown()), item: alertItem })

const ANSWERS = {
  reaction,
  coverage,
  assistantStatus: z.object({ configured: z.boolean() }),
  assistant: z.object({ answer: text }),
  feeds: z.object({ feeds: z.array(feedHealth) }),
  runFeed: feedRun,
  signInWithKey: z.object({ token: text, itemId: int }),
  manageSave: manageAnswer,
  manageUnlock: manageAnswer,
  itemList: z.object({ items: z.array(itemRecord), total: int }),
  itemGet: itemRecord,
  itemRemove: ok,
  itemEditKey: z.object({ editKey: text, loginPath: text, expiresAt: text }),
  email: session,
  google: session,
  callback: session,
  refresh: session,
  logout: ok,
  forgotPassword: ok,
  resetPassword: ok,
  userList: z.object({ users: z.array(user), total: int }),
  userAdd: user,
  userRole: user,
  userRemove: ok,
} satisfies { [Name in RouteName]: z.ZodMiniType<Answers[Name]> }

/** Whether an answer is the shape its route promises; the answer itself is kept as it came (nothing stripped). */
export function isAnswer<Name extends RouteName>(name: Name, body: unknown): body is Answers[Name] {
  return ANSWERS[name].safeParse(body).success
}

// Each mirror reads exactly as the server's type: neither has a field (or an optionality) the other lacks.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Drift = { [Name in RouteName]: Same<z.infer<(typeof ANSWERS)[Name]>, Answers[Name]> extends true ? never : Name }[RouteName]
// Fails type checking naming the drifted routes (`Type 'true' is not assignable to type '"reaction"'`).
const noDrift: [Drift] extends [never] ? true : Drift = true
void noDrift
