import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

export type Loaded = { url: string; gzip: number; text: string; at: number }

/** Every script the page loads, gzipped, with when it arrived. */
export function recordScripts(page: Page): { loaded: Loaded[]; settled(): Promise<void> } {
  const loaded: Loaded[] = []
  const pending: Promise<void>[] = []
  page.on('response', (response) => {
    if (!(response.headers()['content-type'] ?? '').includes('javascript')) return
    const at = Date.now()
    pending.push(
      response.body().then(
        (body) => {
          loaded.push({
            url: response.url(),
            gzip: gzipSync(body, { level: 9 }).length,
            text: body.toString(),
            at,
          })
        },
        () => {},
      ),
    )
  })
  return { loaded, settled: () => Promise.all(pending).then(() => undefined) }
}

/** The gzip bytes of `files` together. */
export const sum = (files: Loaded[]) => files.reduce((total, file) => total + file.gzip, 0)
