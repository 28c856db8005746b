/** The one module that talks to the network. Later issues add the Porchlight API calls here. */

/**
 * Loads one cell of the nearest-place index (/data/near/{lat}_{lon}.json, src/lib/near-index.ts);
 * null when the cell has no file (no place within 50 km of any of its points).
 */
export async function fetchNearCell(key: string): Promise<unknown> {
  const response = await fetch(`/data/near/${encodeURIComponent(key)}.json`)
  if (response.status === 404) return null
  if (!response.ok) throw new Error(`near index ${key}: HTTP ${response.status}`)
  return (await response.json()) as unknown
}

/** Loads /data/cities.txt (SPEC section 7); a failed load is logged and rethrown. */
export async function fetchCitiesText(signal?: AbortSignal): Promise<string> {
  try {
    const response = await fetch('/data/cities.txt', signal ? { signal } : {})
    if (!response.ok) throw new Error(`cities.txt: HTTP ${response.status}`)
    return await response.text()
  } catch (error) {
    console.error('City file load failed', error)
    throw error
  }
}

/** Thrown for a provider answer that cannot be used (HTTP error, not JSON, network failure). */
export class FetchError extends Error {
  readonly url: string
  readonly status: number
  constructor(url: string, status: number, message: string) {
    super(message)
    this.url = url
    this.status = status
  }
}

/**
 * GETs JSON from a public provider, with a timeout; never adds headers (a User-Agent header breaks
 * the NWS preflight, and unknown parameters are rejected there, so no cache-busting either).
 */
export async function fetchJson(url: string, timeoutMs = 30_000): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
  } catch (error) {
    throw new FetchError(url, 0, error instanceof Error ? error.message : 'network error')
  }
  if (!response.ok) throw new FetchError(url, response.status, `HTTP ${response.status}`)
  const type = response.headers.get('content-type') ?? ''
  if (!/json/i.test(type)) throw new FetchError(url, response.status, `not JSON: ${type}`)
  return (await response.json()) as unknown
}
