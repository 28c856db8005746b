/** The upstream services the weather islands read; radar tiles fail through the same error type. */
export type Provider = 'forecast' | 'air' | 'marine' | 'quakes' | 'alerts' | 'radar'

/**
 * A response that cannot be used at all (not JSON, not an object, an error body). Missing or null
 * fields never raise it: decoders turn those into nulls so one bad value does not blank a card.
 * @example new ProviderError('forecast', 'Daily API request limit exceeded').provider // 'forecast'
 */
export class ProviderError extends Error {
  // A plain field, not a constructor parameter property: the project only allows erasable syntax.
  readonly provider: Provider

  constructor(provider: Provider, message: string) {
    super(message)
    this.name = 'ProviderError'
    this.provider = provider
  }
}
