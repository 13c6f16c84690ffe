/** True for an email for login or update: one @, no spaces, a dotted domain. @example isEmail('a@b.io') */
export function isEmail(value: string): boolean {
  // 254: the longest address SMTP carries (RFC 5321); full RFC 5322 syntax is more than a login form needs.
  return value.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value)
}
