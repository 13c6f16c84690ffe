import { isIP } from 'node:net'
import type { Address } from 'viem'

/**
 * The client a call to POST /v1/paymaster comes from, as the budget counts it (one share of the
 * budget each): its IP address (Fastify's `request.ip`, which believes X-Forwarded-For only from
 * TRUST_PROXY), an IPv4-mapped IPv6 address as its IPv4, and an IPv6 address by its /64, the
 * block one subscriber gets, so a client cannot take a new share per address of its own block.
 * @example clientOfIp('2001:db8:1:2:aaaa::7') // 'ip:2001:db8:1:2::/64'
 */
export function clientOfIp(ip: string): string {
  const address = ip.replace(/%.*$/, '')
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped) return `ip:${mapped[1]}`
  if (isIP(address) !== 6) return `ip:${address}`
  return `ip:${ipv6Groups(address).slice(0, 4).join(':')}::/64`
}

/**
 * The client a sponsorship of the wallet frame comes from: the embedded wallet's user, known by
 * their key's address (one per user), wherever their sessions are.
 */
export function clientOfWallet(owner: Address): string {
  return `wallet:${owner.toLowerCase()}`
}

/** The eight 16-bit groups of an IPv6 address, in hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  const toGroups = (part: string): string[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [group]
          // A dotted IPv4 tail stands for the last two groups.
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number)
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)]
        })
  const [head = '', tail] = address.split('::')
  const headGroups = toGroups(head)
  const tailGroups = tail === undefined ? [] : toGroups(tail)
  const zeros = Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => '0')
  return [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16).toString(16))
}
