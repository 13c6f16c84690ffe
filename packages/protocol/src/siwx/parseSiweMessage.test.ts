import { parseSiweMessage as viemParseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { SiweMessageError } from './errors.ts'
import { formatSiweMessage } from './formatSiweMessage.ts'
import { parseSiweMessage } from './parseSiweMessage.ts'
import type { SiweField, SiweMessage } from './types.ts'

// The example messages of EIP-4361, verbatim.
const EIP_EXAMPLE = `example.com wants you to sign in with your Ethereum account:
0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2

I accept the ExampleOrg Terms of Service: https://example.com/tos

URI: https://example.com/login
Version: 1
Chain ID: 1
Nonce: 32891756
Issued At: 2021-09-30T16:25:24Z
Resources:
- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/
- https://example.com/my-web2-claim.json`

const EIP_EXAMPLE_WITH_SCHEME = `https://example.com wants you to sign in with your Ethereum account:
0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2

I accept the ExampleOrg Terms of Service: https://example.com/tos

URI: https://example.com/login
Version: 1
Chain ID: 1
Nonce: 32891756
Issued At: 2021-09-30T16:25:24Z
Resources:
- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/
- https://example.com/my-web2-claim.json`

const EIP_MESSAGE: SiweMessage = {
  domain: 'example.com',
  address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  statement: 'I accept the ExampleOrg Terms of Service: https://example.com/tos',
  uri: 'https://example.com/login',
  version: '1',
  chainId: 1,
  nonce: '32891756',
  issuedAt: '2021-09-30T16:25:24Z',
  resources: [
    'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
    'https://example.com/my-web2-claim.json',
  ],
}

const MINIMAL: SiweMessage = {
  domain: 'localhost:5173',
  address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
  uri: 'http://localhost:5173/',
  version: '1',
  chainId: 31337,
  nonce: 'abcdefgh12345678',
  issuedAt: '2026-01-02T03:04:05.678Z',
}

const EVERY_FIELD: SiweMessage = {
  scheme: 'https',
  domain: 'app.example.org:8443',
  address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
  statement: "Sign in to Example's app (terms: https://example.org/tos?v=2#top).",
  uri: 'https://app.example.org:8443/login',
  version: '1',
  chainId: 8453,
  nonce: 'Zx81QnTm0aP9',
  issuedAt: '2026-01-02T03:04:05+01:00',
  expirationTime: '2026-01-09T03:04:05.5Z',
  notBefore: '2026-01-02T03:00:00Z',
  requestId: 'req-42_%20abc',
  resources: ['ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/'],
}

/** The error a text is refused with. */
function refusal(text: string): SiweMessageError {
  try {
    parseSiweMessage(text)
  } catch (error) {
    if (error instanceof SiweMessageError) return error
    throw error
  }
  throw new Error('the message was accepted')
}

const replaceLine = (text: string, from: string, to: string) => {
  if (!text.includes(from)) throw new Error(`no "${from}" in the text`)
  return text.replace(from, to)
}

describe('parseSiweMessage', () => {
  it('reads the EIP-4361 examples', () => {
    expect(parseSiweMessage(EIP_EXAMPLE)).toStrictEqual(EIP_MESSAGE)
    expect(parseSiweMessage(EIP_EXAMPLE_WITH_SCHEME)).toStrictEqual({
      ...EIP_MESSAGE,
      scheme: 'https',
    })
  })

  it('formats the EIP-4361 examples back to the same text', () => {
    expect(formatSiweMessage(EIP_MESSAGE)).toBe(EIP_EXAMPLE)
    expect(formatSiweMessage({ ...EIP_MESSAGE, scheme: 'https' })).toBe(EIP_EXAMPLE_WITH_SCHEME)
  })

  it.each([
    ['the EIP example', EIP_MESSAGE],
    ['only the required fields', MINIMAL],
    ['every optional field', EVERY_FIELD],
    ['no statement with resources', { ...MINIMAL, resources: ['https://a.example/1'] }],
    ['an empty resource list', { ...MINIMAL, resources: [] }],
    ['only an expiration time', { ...MINIMAL, expirationTime: '2026-01-03T00:00:00Z' }],
    ['only not-before', { ...MINIMAL, notBefore: '2026-01-03T00:00:00Z' }],
    ['only a request id', { ...MINIMAL, requestId: 'abc' }],
  ])('round-trips %s', (_name, message: SiweMessage) => {
    expect(parseSiweMessage(formatSiweMessage(message))).toStrictEqual(message)
  })

  it('writes no statement as two blank lines, as the ABNF does', () => {
    expect(formatSiweMessage(MINIMAL).split('\n').slice(1, 5)).toEqual([
      MINIMAL.address,
      '',
      '',
      `URI: ${MINIMAL.uri}`,
    ])
  })

  it('reads the same fields as viem does', () => {
    const viewed = viemParseSiweMessage(formatSiweMessage(EVERY_FIELD))
    expect(viewed).toMatchObject({
      scheme: 'https',
      domain: EVERY_FIELD.domain,
      address: EVERY_FIELD.address,
      statement: EVERY_FIELD.statement,
      uri: EVERY_FIELD.uri,
      chainId: EVERY_FIELD.chainId,
      nonce: EVERY_FIELD.nonce,
      requestId: EVERY_FIELD.requestId,
      resources: EVERY_FIELD.resources,
    })
    expect(viewed.expirationTime?.toISOString()).toBe('2026-01-09T03:04:05.500Z')
  })

  it('accepts an address in one case and formats it checksummed', () => {
    const lower = replaceLine(EIP_EXAMPLE, EIP_MESSAGE.address, EIP_MESSAGE.address.toLowerCase())
    const parsed = parseSiweMessage(lower)
    expect(parsed.address).toBe(EIP_MESSAGE.address.toLowerCase())
    expect(formatSiweMessage(parsed)).toBe(EIP_EXAMPLE)
    const upper = `0x${EIP_MESSAGE.address.slice(2).toUpperCase()}`
    expect(parseSiweMessage(replaceLine(EIP_EXAMPLE, EIP_MESSAGE.address, upper)).address).toBe(
      upper,
    )
  })

  const minimalText = formatSiweMessage(MINIMAL)
  const everyText = formatSiweMessage(EVERY_FIELD)
  const malformed: [string, string, SiweField, RegExp][] = [
    ['an empty text', '', 'domain', /wants you to sign in/],
    ['no header', minimalText.split('\n').slice(1).join('\n'), 'domain', /wants you to sign in/],
    [
      'a domain with a path',
      replaceLine(minimalText, 'localhost:5173', 'a.com/x'),
      'domain',
      /authority/,
    ],
    ['a bad scheme', replaceLine(everyText, 'https://app', '1ttps://app'), 'scheme', /scheme/],
    ['a short address', replaceLine(minimalText, MINIMAL.address, '0x1234'), 'address', /40 hex/],
    [
      'a non-hex address',
      replaceLine(minimalText, MINIMAL.address, `0x${'g'.repeat(40)}`),
      'address',
      /40 hex/,
    ],
    [
      'no address',
      'example.com wants you to sign in with your Ethereum account:',
      'address',
      /missing/,
    ],
    [
      'a mixed-case address with a letter in the wrong case',
      replaceLine(minimalText, MINIMAL.address, MINIMAL.address.replace('d8dA', 'd8da')),
      'address',
      /not its EIP-55 checksum/,
    ],
    [
      'a statement with a newline',
      replaceLine(everyText, "Sign in to Example's", "Sign in\nto Example's"),
      'statement',
      /one line/,
    ],
    [
      'a statement with a bad character',
      replaceLine(everyText, "Example's", 'Example"s'),
      'statement',
      /character/,
    ],
    ['a missing URI', replaceLine(minimalText, `URI: ${MINIMAL.uri}\n`, ''), 'uri', /missing.*URI/],
    [
      'a bad URI',
      replaceLine(minimalText, `URI: ${MINIMAL.uri}`, 'URI: not a uri'),
      'uri',
      /RFC 3986 URI/,
    ],
    ['a missing version', replaceLine(minimalText, 'Version: 1\n', ''), 'version', /missing/],
    ['version 2', replaceLine(minimalText, 'Version: 1', 'Version: 2'), 'version', /must be 1/],
    ['a missing chain id', replaceLine(minimalText, 'Chain ID: 31337\n', ''), 'chainId', /missing/],
    [
      'a hex chain id',
      replaceLine(minimalText, 'Chain ID: 31337', 'Chain ID: 0x7a69'),
      'chainId',
      /decimal/,
    ],
    [
      'chain id 0',
      replaceLine(minimalText, 'Chain ID: 31337', 'Chain ID: 0'),
      'chainId',
      /positive/,
    ],
    [
      'a huge chain id',
      replaceLine(minimalText, 'Chain ID: 31337', `Chain ID: ${'9'.repeat(20)}`),
      'chainId',
      /positive/,
    ],
    [
      'a missing nonce',
      replaceLine(minimalText, `Nonce: ${MINIMAL.nonce}\n`, ''),
      'nonce',
      /missing/,
    ],
    [
      'a short nonce',
      replaceLine(minimalText, `Nonce: ${MINIMAL.nonce}`, 'Nonce: abc123'),
      'nonce',
      /at least 8/,
    ],
    [
      'a nonce with a symbol',
      replaceLine(minimalText, `Nonce: ${MINIMAL.nonce}`, 'Nonce: abcdefgh-1234'),
      'nonce',
      /letters or digits/,
    ],
    [
      'a missing issued-at',
      replaceLine(minimalText, `\nIssued At: ${MINIMAL.issuedAt}`, ''),
      'issuedAt',
      /missing/,
    ],
    [
      'an issued-at with no zone',
      replaceLine(minimalText, MINIMAL.issuedAt, '2026-01-02T03:04:05'),
      'issuedAt',
      /RFC 3339/,
    ],
    [
      '30 February',
      replaceLine(minimalText, MINIMAL.issuedAt, '2026-02-30T03:04:05Z'),
      'issuedAt',
      /RFC 3339/,
    ],
    [
      'hour 25',
      replaceLine(minimalText, MINIMAL.issuedAt, '2026-01-02T25:04:05Z'),
      'issuedAt',
      /RFC 3339/,
    ],
    [
      'a bad expiration time',
      replaceLine(everyText, '2026-01-09T03:04:05.5Z', 'tomorrow'),
      'expirationTime',
      /RFC 3339/,
    ],
    [
      'a bad not-before',
      replaceLine(
        everyText,
        'Not Before: 2026-01-02T03:00:00Z',
        'Not Before: 2026-13-02T03:00:00Z',
      ),
      'notBefore',
      /RFC 3339/,
    ],
    [
      'a request id with a space',
      replaceLine(everyText, 'req-42_%20abc', 'req 42'),
      'requestId',
      /character/,
    ],
    ['a bad resource', replaceLine(everyText, '- ipfs://', '- ::ipfs://'), 'resources', /URI/],
    [
      'fields out of order',
      replaceLine(
        everyText,
        'Expiration Time: 2026-01-09T03:04:05.5Z\nNot Before: 2026-01-02T03:00:00Z',
        'Not Before: 2026-01-02T03:00:00Z\nExpiration Time: 2026-01-09T03:04:05.5Z',
      ),
      'message',
      /unexpected line/,
    ],
    ['a trailing line', `${minimalText}\nextra`, 'message', /unexpected line/],
    [
      'one blank line before URI',
      replaceLine(minimalText, '\n\n\nURI', '\n\nURI'),
      'message',
      /blank lines/,
    ],
  ]

  it.each(malformed)('refuses %s, naming the field', (_name, text, field, problem) => {
    const error = refusal(text)
    expect(error.field).toBe(field)
    expect(error.message).toMatch(new RegExp(`^Invalid SIWE message: ${field} `))
    expect(error.message).toMatch(problem)
  })
})

describe('formatSiweMessage', () => {
  it.each([
    ['a statement with a newline', { statement: 'one\ntwo' }, 'statement'],
    ['an empty statement', { statement: '' }, 'statement'],
    ['version 2', { version: '2' as '1' }, 'version'],
    ['a short nonce', { nonce: 'abc' }, 'nonce'],
    ['a bad date', { expirationTime: '2026-01-02' }, 'expirationTime'],
    ['a bad address', { address: '0xabc' as `0x${string}` }, 'address'],
    [
      'a mistyped address',
      { address: '0xd8da6BF26964aF9D7eEd9e03E53415D37aA96045' as `0x${string}` },
      'address',
    ],
    ['a fractional chain id', { chainId: 1.5 }, 'chainId'],
  ])('refuses %s', (_name, change: Partial<SiweMessage>, field) => {
    expect(() => formatSiweMessage({ ...MINIMAL, ...change })).toThrowError(
      new RegExp(`^Invalid SIWE message: ${field} `),
    )
  })
})
