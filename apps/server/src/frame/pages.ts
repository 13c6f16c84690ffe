import { standalonePagePolicy } from './security.ts'

// The frame origin's own small pages: plain HTML, styled by one inline sheet allowed by its hash.
const PAGE_CSS =
  'body{font-family:system-ui,sans-serif;background:#141414;color:#e4e7e7;display:flex;' +
  'min-height:100vh;margin:0;align-items:center;justify-content:center}' +
  'main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.25rem}' +
  'p{color:#9a9a9a;line-height:1.5}'

/** The script the social callback page loads: it only closes the popup. */
export const CLOSE_SCRIPT = 'window.close()\n'
export const CLOSE_SCRIPT_PATH = '/wallet/v1/social/close.js'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** A page of a title and a line, with its CSP; `closeScript` adds the self-closing script. */
export function simplePage(
  title: string,
  line: string,
  options: { closeScript?: boolean } = {},
): { html: string; policy: string } {
  const script = options.closeScript ? `<script src="${CLOSE_SCRIPT_PATH}"></script>` : ''
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><style>${PAGE_CSS}</style></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(line)}</p></main>${script}</body></html>`
  return { html, policy: standalonePagePolicy(PAGE_CSS, options.closeScript === true) }
}
