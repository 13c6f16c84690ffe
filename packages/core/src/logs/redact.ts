// What a support log must never hold, and what stands in for it. Keys, signatures and hashes are
// long hex (a key is 64 digits like a hash: both go); a JWT or bearer token is a session; six
// digits is an email code; an email address is the visitor's. An address is looked for only where
// a word starts (the lookbehind): tried at every character, a long line without spaces took time
// quadratic in its length (12 ms a 1 KB line, 2 s a 20 KB one) on every event logged.
const REDACTIONS: [RegExp, string][] = [
  [/Bearer\s+\S+/gi, 'Bearer [token]'],
  [/eyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]'],
  [
    /((?:token|otp|code|password|secret|private_?key|mnemonic|seed|signature|authorization)"?\s*[:=]\s*)("[^"]*"|[^\s,}]+)/gi,
    '$1"[redacted]"',
  ],
  [/(?:0x)?[0-9a-fA-F]{64,}/g, '[hex]'],
  [/(?<![^\s@"'<>(),;:])[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[A-Za-z]{2,}/g, '[email]'],
  [/\b\d{6}\b/g, '[code]'],
]

/** The text with every key, signature, token, email code and email address replaced. */
export function redact(text: string): string {
  let out = text
  for (const [pattern, replacement] of REDACTIONS) out = out.replace(pattern, replacement)
  return out
}
