/**
 * A small MIME reader for the dev mail catcher (RFC 5322 headers, RFC 2045 transfer encodings,
 * RFC 2046 multiparts, RFC 2047 encoded words): enough to read what nodemailer sends, with no
 * dependency. Bodies are handled as latin1 strings so every byte survives until it is decoded.
 */

/** What the inbox shows of one message. */
export type ParsedMail = {
  /** The From header, decoded (e.g. `Latch <no-reply@latch.test>`); '' when missing. */
  from: string
  subject: string
  /** The first text/plain body, with LF line ends; '' when the message has none. */
  text: string
  /** The first text/html body. */
  html?: string
}

type Part = { headers: Map<string, string>; body: string }
type Bodies = { text?: string; html?: string }

/** Nested multiparts deeper than this are not read (a dev catcher, not an archive). */
const MAX_DEPTH = 8

/** Decodes one raw RFC 5322 message, as received after SMTP DATA. */
export function parseMail(raw: Buffer): ParsedMail {
  const root = parsePart(raw.toString('latin1'))
  // The line break ending a message is the end of its last line, not text (a multipart's last
  // one belongs to its closing delimiter already).
  root.body = root.body.replace(/\r?\n$/, '')
  const bodies: Bodies = {}
  collectBodies(root, bodies, 0)
  const mail: ParsedMail = {
    from: headerText(root.headers.get('from')),
    subject: headerText(root.headers.get('subject')),
    text: bodies.text ?? '',
  }
  if (bodies.html !== undefined) mail.html = bodies.html
  return mail
}

/** Decodes an unstructured header value: raw UTF-8 (SMTPUTF8) and RFC 2047 encoded words. */
export function headerText(value: string | undefined): string {
  if (value === undefined) return ''
  return decodeEncodedWords(Buffer.from(value, 'latin1').toString('utf8')).trim()
}

function parsePart(source: string): Part {
  // A part may have no header at all: then it starts with the blank line.
  const blank = /^\r?\n/.exec(source) ?? /\r?\n\r?\n/.exec(source)
  const head = blank ? source.slice(0, blank.index) : source
  const body = blank ? source.slice(blank.index + blank[0].length) : ''
  return { headers: parseHeaders(head), body }
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>()
  // Unfolding removes the line break before continuation whitespace (RFC 5322 2.2.3).
  for (const line of head.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim())
  }
  return headers
}

function collectBodies(part: Part, bodies: Bodies, depth: number): void {
  const contentType = parseParameterized(part.headers.get('content-type') ?? 'text/plain')
  const type = contentType.value.toLowerCase()
  if (type.startsWith('multipart/')) {
    const boundary = contentType.params.get('boundary')
    if (!boundary || depth >= MAX_DEPTH) return
    for (const child of splitMultipart(part.body, boundary)) {
      collectBodies(parsePart(child), bodies, depth + 1)
    }
    return
  }
  const disposition = parseParameterized(part.headers.get('content-disposition') ?? '')
  if (disposition.value.toLowerCase() === 'attachment') return
  if (type === 'text/plain' && bodies.text === undefined) {
    bodies.text = decodeBody(part, contentType.params.get('charset'))
  } else if (type === 'text/html' && bodies.html === undefined) {
    bodies.html = decodeBody(part, contentType.params.get('charset'))
  }
}

/** The parts between `--boundary` lines, up to `--boundary--` (RFC 2046 5.1.1). */
function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`
  const parts: string[] = []
  let current: string[] | undefined
  for (const line of body.split(/\r?\n/)) {
    // Transport padding (trailing whitespace) may follow a delimiter.
    const trimmed = line.trimEnd()
    if (trimmed === delimiter || trimmed === `${delimiter}--`) {
      if (current) parts.push(current.join('\r\n'))
      current = trimmed === delimiter ? [] : undefined
      if (trimmed !== delimiter) return parts
      continue
    }
    current?.push(line)
  }
  // An unterminated last part still counts.
  if (current) parts.push(current.join('\r\n'))
  return parts
}

function decodeBody(part: Part, charset: string | undefined): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').trim().toLowerCase()
  let bytes: Buffer
  if (encoding === 'base64') {
    bytes = Buffer.from(part.body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64')
  } else if (encoding === 'quoted-printable') {
    bytes = decodeQuotedPrintable(part.body)
  } else {
    bytes = Buffer.from(part.body, 'latin1')
  }
  return decodeCharset(bytes, charset).replace(/\r\n/g, '\n')
}

/** RFC 2045 6.7: `=XX` is a byte, `=` at a line end is a soft break, trailing blanks are padding. */
function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/[ \t]+(?=\r?\n|$)/g, '').replace(/=\r?\n/g, '')
  return hexEscapesToBytes(joined)
}

function hexEscapesToBytes(text: string): Buffer {
  const bytes = Buffer.alloc(text.length)
  let length = 0
  for (let index = 0; index < text.length; index++) {
    const hex = text.slice(index + 1, index + 3)
    if (text[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes[length++] = Number.parseInt(hex, 16)
      index += 2
    } else {
      bytes[length++] = text.charCodeAt(index) & 0xff
    }
  }
  return bytes.subarray(0, length)
}

function decodeCharset(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset?.trim() || 'utf-8').decode(bytes)
  } catch {
    // An unknown charset label: UTF-8 is the best guess for what a modern mailer sends.
    return new TextDecoder().decode(bytes)
  }
}

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g

/**
 * RFC 2047: `=?charset?B|Q?text?=` words. Adjacent words of one charset are decoded together, as
 * a mailer may split one multi-byte character across two words; blanks between them are dropped.
 */
function decodeEncodedWords(value: string): string {
  let out = ''
  let last = 0
  let run: { charset: string; bytes: Buffer[] } | undefined
  const flush = () => {
    if (run) out += decodeCharset(Buffer.concat(run.bytes), run.charset)
    run = undefined
  }
  for (const match of value.matchAll(ENCODED_WORD)) {
    const [word, charsetSpec = '', encoding = '', encoded = ''] = match
    // RFC 2231 lets a language follow the charset: `utf-8*en`.
    const charset = (charsetSpec.split('*')[0] ?? '').toLowerCase()
    const between = value.slice(last, match.index)
    if (!run || !/^[ \t\r\n]*$/.test(between)) {
      flush()
      out += between
    } else if (run.charset !== charset) {
      flush()
    }
    run ??= { charset, bytes: [] }
    run.bytes.push(
      encoding.toUpperCase() === 'B'
        ? Buffer.from(encoded, 'base64')
        : hexEscapesToBytes(encoded.replace(/_/g, ' ')),
    )
    last = match.index + word.length
  }
  flush()
  return out + value.slice(last)
}

/** `type/subtype; name=value; name="quoted value"` -> the value and its lower-cased parameters. */
function parseParameterized(header: string): { value: string; params: Map<string, string> } {
  const [value = '', ...rest] = splitOutsideQuotes(header, ';')
  const params = new Map<string, string>()
  for (const item of rest) {
    const equals = item.indexOf('=')
    if (equals <= 0) continue
    const name = item.slice(0, equals).trim().toLowerCase()
    let paramValue = item.slice(equals + 1).trim()
    if (paramValue.startsWith('"') && paramValue.endsWith('"') && paramValue.length >= 2) {
      paramValue = paramValue.slice(1, -1).replace(/\\(.)/g, '$1')
    }
    params.set(name, paramValue)
  }
  return { value: value.trim(), params }
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const items: string[] = []
  let current = ''
  let quoted = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (char === '\\' && quoted) {
      current += char + (text[index + 1] ?? '')
      index++
    } else if (char === '"') {
      quoted = !quoted
      current += char
    } else if (char === separator && !quoted) {
      items.push(current)
      current = ''
    } else {
      current += char
    }
  }
  items.push(current)
  return items
}
