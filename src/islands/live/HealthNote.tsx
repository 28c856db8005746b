/**
 * What a live section could not check, above what it has (src/lib/live/health.ts healthNote): the first line says
 * what, in bold, the next who did not answer. `titled`: the section's title already says what (the SPEC's error
 * title of an empty section whose sources all failed), so only who is said. Nothing when every source answered.
 */
export function HealthNote({ lines, titled = false }: { lines: string[] | null; titled?: boolean }) {
  const [what, ...rest] = lines ?? []
  if (!what) return null
  return (
    <div className="health-note" role="status">
      {!titled && (
        <p>
          <strong>{what}</strong>
        </p>
      )}
      {rest.map((line, index) => (
        <p key={index}>{line}</p>
      ))}
    </div>
  )
}
