/** The one module that talks to the network. Later issues add the Porchlight API calls here. */

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
