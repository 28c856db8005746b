// What every handler can reach: the database, the configuration, the mailer and the clock.
import type { Config } from './config.ts'
import type { Store } from './db/index.ts'
import type { Mailer } from './lib/mail.ts'
import type { MicroCache } from './lib/micro-cache.ts'

export type Deps = {
  store: Store
  config: Config
  mailer: Mailer
  now: () => Date
  /** Recent reaction answers (a few seconds); cleared by every item write in this instance. */
  reactionCache: MicroCache
}

export type AppEnv = { Variables: { deps: Deps } }
