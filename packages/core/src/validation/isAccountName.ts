/** True for a name to register: ASCII letters, digits and hyphens, at least 4. @example isAccountName('alice') */
export function isAccountName(value: string): boolean {
  return /^[a-zA-Z0-9-]{4,}$/.test(value)
}
