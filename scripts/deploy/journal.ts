// A local record of the uploads a deploy has finished, so a second run after an interruption skips them.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { sha256 } from './files.ts'

/**
 * One journal per target (endpoint, bucket, prefix), in .build/deploy/. Its first line names the
 * manifest the run started from and the header rules; if the bucket's manifest changed since
 * (someone else deployed), the journal no longer describes the bucket and is dropped.
 */
export class Journal {
  readonly file: string
  private readonly header: string
  private fd: number | null = null

  constructor(target: string, baseManifest: string, rules: string, dir = '.build/deploy') {
    this.file = join(dir, `journal-${sha256(target).slice(0, 16)}.tsv`)
    this.header = `#journal ${baseManifest} ${rules}`
  }

  /** Paths and hashes uploaded by an earlier, unfinished run against the same bucket state. */
  read(): Map<string, string> {
    const done = new Map<string, string>()
    if (!existsSync(this.file)) return done
    const [header, ...lines] = readFileSync(this.file, 'utf8').split('\n')
    if (header !== this.header) return (this.clear(), done)
    for (const line of lines) {
      const [path, hash] = line.split('\t')
      // A torn last line (the process killed mid-write) has a short hash and is ignored.
      if (path && hash && /^[0-9a-f]{64}$/.test(hash)) done.set(path, hash)
    }
    return done
  }

  /** Starts the file if needed; appends are synchronous so a kill loses at most the line being written. */
  record(path: string, hash: string): void {
    if (this.fd === null) {
      const fresh = !existsSync(this.file)
      mkdirSync(dirname(this.file), { recursive: true })
      this.fd = openSync(this.file, 'a')
      if (fresh) writeSync(this.fd, this.header + '\n')
    }
    writeSync(this.fd, `${path}\t${hash}\n`)
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd)
    this.fd = null
  }

  clear(): void {
    this.close()
    rmSync(this.file, { force: true })
  }
}
