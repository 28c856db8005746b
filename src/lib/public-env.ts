/**
 * Reads a public build-time variable (PUBLIC_*). `import.meta.env` exists under Vite and Vitest but
 * not in plain Node (build scripts), hence the optional chaining; an empty string counts as unset.
 * @example publicEnv('PUBLIC_API_URL') // 'https://api.example.org' or undefined
 */
export function publicEnv(name: string): string | undefined {
  const vars = import.meta.env as Record<string, unknown> | undefined
  const value = vars?.[name]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/**
 * Where the Porchlight API is: PUBLIC_API_URL at build time, else the local server. Here rather than
 * in the API client, so the first script of every page can know it without loading ky.
 * @example apiBase() // 'http://localhost:8787'
 */
export function apiBase(): string {
  return (publicEnv('PUBLIC_API_URL') ?? 'http://localhost:8787').replace(/\/$/, '')
}
