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
