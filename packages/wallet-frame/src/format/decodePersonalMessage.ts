import { displayJson } from './displayJson.ts'

/** A personal_sign message as the user reads it: text when it decodes cleanly, else its hex. */
export type PersonalMessage = { text: string; encoding: 'text' | 'hex' }

// Control characters (tab and newlines allowed) and bidirectional overrides: the latter can make a
// message read differently from what is signed, so such a message is shown as hex.
function isPrintable(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if (code === 0x09 || code === 0x0a || code === 0x0d) continue
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return false
    if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return false
  }
  return true
}

/**
 * The message of personal_sign's first parameter: hex decoded as UTF-8 when the bytes are valid
 * UTF-8 and printable, else the hex itself; a non-hex string is shown as is.
 */
export function decodePersonalMessage(raw: unknown): PersonalMessage {
  if (typeof raw !== 'string') return { text: displayJson(raw), encoding: 'hex' }
  if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(raw)) return { text: raw, encoding: 'text' }
  const bytes = new Uint8Array((raw.length - 2) / 2)
  for (let index = 0; index < bytes.length; index++) {
    bytes[index] = Number.parseInt(raw.slice(2 + index * 2, 4 + index * 2), 16)
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return { text: raw, encoding: 'hex' }
  }
  return isPrintable(text) ? { text, encoding: 'text' } : { text: raw, encoding: 'hex' }
}
