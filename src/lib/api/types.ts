/**
 * The API contract on the browser's side: every answer type the Porchlight API sends, derived from the
 * server's zod schemas (server/schemas.ts), so the two cannot drift. The only module under src/ that may
 * name server/ (eslint.config.mjs), and only with `import type`: the schemas erase at build time and no
 * zod reaches the bundle. The query types are the server's query schemas as they read after parsing;
 * bodies are checked by the shared rules of src/lib (itemProblems, the user fields).
 */
import type { z } from '@hono/zod-openapi'
import type {
  alertItemSchema,
  assistantAnswerSchema,
  assistantStatusSchema,
  citiesSchema,
  editKeySchema,
  errorSchema,
  feedRunSchema,
  feedsSchema,
  githubTokenSchema,
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
import type { listQuery } from '../../../server/routes/items.ts'
import type { reactionQuery } from '../../../server/routes/reaction.ts'
import type { coverageSchema } from '../../../server/routes/coverage.ts'

/** Every failure's body: `{ error }` (SPEC section 8). */
export type ApiErrorBody = z.infer<typeof errorSchema>
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
export type EditKey = z.infer<typeof editKeySchema>

/** A user as the API sends it (never the password hash). */
export type UserView = z.infer<typeof userSchema>
export type UserList = z.infer<typeof userListSchema>
export type Session = z.infer<typeof sessionSchema>
/** GET /api/login: a token of role one for the item an edit key opens. */
export type KeySession = z.infer<typeof keySessionSchema>
export type GithubToken = z.infer<typeof githubTokenSchema>

/** GET /api/feeds: each feed's health, for the editor's feed-health panel (admin and superadmin). */
export type FeedList = z.infer<typeof feedsSchema>
export type FeedHealth = FeedList['feeds'][number]
/** POST /api/feeds/{id}/run: what the run did, and the feed's health after it. */
export type FeedRun = z.infer<typeof feedRunSchema>

export type AssistantAnswer = z.infer<typeof assistantAnswerSchema>
export type AssistantStatus = z.infer<typeof assistantStatusSchema>
export type CityResult = z.infer<typeof citiesSchema>[number]

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
