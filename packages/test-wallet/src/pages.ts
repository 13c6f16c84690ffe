import type { BrowserContext, Page } from '@playwright/test'

/** The icon a test wallet shows when the test gives none: an indigo square with an L. */
export const defaultIcon = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
    '<rect width="32" height="32" rx="8" fill="#4f46e5"/>' +
    '<path d="M11 8v16h10" stroke="#fff" stroke-width="3" fill="none"/></svg>',
).toString('base64')}` as const

export function isPage(target: BrowserContext | Page): target is Page {
  return typeof (target as Page).goto === 'function'
}

/** The pages a wallet installed on `target` runs in. */
export function pagesOf(target: BrowserContext | Page): Page[] {
  return isPage(target) ? [target] : target.pages()
}

/** The origin a request came from; pages without one (about:blank, data:) are 'null'. */
export function originOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return 'null'
  }
}
