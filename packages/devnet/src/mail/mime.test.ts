import { describe, expect, it } from 'vitest'
import { parseMail } from './mime.ts'

function mail(lines: string[]): Buffer {
  return Buffer.from(lines.join('\r\n'), 'utf8')
}

describe('parseMail', () => {
  it('joins adjacent encoded words, even when they split a character', () => {
    // "é" is C3 A9 in UTF-8: the two bytes sit in two words.
    const parsed = parseMail(
      mail(['Subject: =?UTF-8?Q?caf=C3?= =?UTF-8?Q?=A9_au_lait?= ok', 'From: x@y.test', '', 'hi']),
    )
    expect(parsed.subject).toBe('café au lait ok')
    expect(parsed.text).toBe('hi')
  })

  it('decodes folded headers, quoted-printable soft breaks and latin1 charsets', () => {
    const parsed = parseMail(
      mail([
        'Subject: a folded',
        '  subject',
        'Content-Type: text/plain; charset="iso-8859-1"',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Gr=FC=DFe, this line is so=',
        'ft broken   ',
        'and =3D signs stay',
      ]),
    )
    expect(parsed.subject).toBe('a folded  subject')
    expect(parsed.text).toBe('Grüße, this line is soft broken\nand = signs stay')
  })

  it('reads nested multiparts and skips attachments', () => {
    const parsed = parseMail(
      mail([
        'Content-Type: multipart/mixed; boundary="outer"',
        '',
        'preamble',
        '--outer',
        'Content-Type: multipart/alternative; boundary=inner',
        '',
        '--inner',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'plain body',
        '--inner',
        'Content-Type: text/html; charset=utf-8',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from('<p>html body</p>').toString('base64'),
        '--inner--',
        '--outer',
        'Content-Type: text/plain',
        'Content-Disposition: attachment; filename="a.txt"',
        '',
        'attached',
        '--outer--',
        'epilogue',
      ]),
    )
    expect(parsed).toEqual({ from: '', subject: '', text: 'plain body', html: '<p>html body</p>' })
  })
})
