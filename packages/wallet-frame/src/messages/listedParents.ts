import { originAllowed } from '@latch/protocol/origins'

/**
 * The origins the frame page says may embed it (the server writes them into the page as JSON),
 * or none when the page holds no such list or a malformed one: the frame then answers no one.
 */
export function listedParentOrigins(content: string | null | undefined): string[] {
  if (!content) return []
  try {
    const parsed: unknown = JSON.parse(content)
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : []
  } catch {
    return []
  }
}

/** Whether the page embedding the frame is one its project lists: only then does it answer. */
export const isListedParent = (parentOrigin: string, listed: readonly string[]): boolean =>
  originAllowed(parentOrigin, listed)
