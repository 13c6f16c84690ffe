import { DEFAULT_NAMES_ZONE } from '@latch/protocol/names'

/**
 * The suffix of the names visitors register, from the site's `names.zone`: written as the server
 * keeps it (no leading dot, lower case), and `latch.id` when the site gives none.
 * @example namesZone(' .Example.ID ') // 'example.id'
 */
export function namesZone(zone: string | undefined): string {
  return zone?.trim().replace(/^\./, '').toLowerCase() || DEFAULT_NAMES_ZONE
}
