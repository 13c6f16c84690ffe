import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { build, type Rollup } from 'vite'

/**
 * `npm run bench:i18n -w @latch/bench`: what a language runtime costs a page, gzip, each bundled
 * minified by the demo's bundler with the same three messages (plain text, a number placed in a
 * sentence, a plural) and used, so nothing is shaken out: the kit's own runtime over `Intl`,
 * `@lingui/core` with a catalogue compiled ahead (its smallest form), `@formatjs/intl` and
 * `i18next`. Then the kit's runtime as the page ships it, with the English part of the modal's
 * catalogue that loads with the page and the React glue around them (React itself not counted);
 * the other languages are chunks of their own, listed apart.
 */

const repo = path.resolve(import.meta.dirname, '..')
const kib = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`

const MESSAGES = {
  connect: 'Connect Wallet',
  balance: 'Balance: {amount} ETH',
  wallets: { one: '{count} wallet', other: '{count} wallets' },
} as const
const ICU = {
  connect: 'Connect Wallet',
  balance: 'Balance: {amount, number} ETH',
  wallets: '{count, plural, one {# wallet} other {# wallets}}',
}

// Each entry renders the three messages for one locale and exports the result.
const CASES: { name: string; source: string }[] = [
  {
    name: 'Latch (ours, over Intl)',
    source: `import { formatMessage } from '@latch/protocol/i18n'
const messages = ${JSON.stringify(MESSAGES)}
export const render = (locale) => [
  formatMessage(messages.connect, locale),
  formatMessage(messages.balance, locale, { amount: 1234.5 }),
  formatMessage(messages.wallets, locale, { count: 3 }),
]`,
  },
  {
    name: '@lingui/core 6.8.0 (compiled catalogue)',
    source: `import { i18n } from '@lingui/core'
i18n.load('en', ${JSON.stringify(
      Object.fromEntries(Object.entries(ICU).map(([key, text]) => [key, compileMessage(text)])),
    )})
export const render = (locale) => {
  i18n.activate(locale)
  return [i18n._('connect'), i18n._('balance', { amount: 1234.5 }), i18n._('wallets', { count: 3 })]
}`,
  },
  {
    name: '@formatjs/intl 6.1.4',
    source: `import { createIntl, createIntlCache } from '@formatjs/intl'
const cache = createIntlCache()
const messages = ${JSON.stringify(ICU)}
export const render = (locale) => {
  const intl = createIntl({ locale, messages }, cache)
  return Object.keys(messages).map((id) => intl.formatMessage({ id }, { amount: 1234.5, count: 3 }))
}`,
  },
  {
    name: 'i18next 27.1.2',
    source: `import i18next from 'i18next'
const translation = { connect: 'Connect Wallet', balance: 'Balance: {{amount, number}} ETH', wallets_one: '{{count}} wallet', wallets_other: '{{count}} wallets' }
export const render = async (locale) => {
  await i18next.init({ lng: locale, resources: { [locale]: { translation } } })
  return [i18next.t('connect'), i18next.t('balance', { amount: 1234.5 }), i18next.t('wallets', { count: 3 })]
}`,
  },
]

// The kit's language code as a page loads it: the runtime, picking the browser's language, the
// language store, the modal's translator and the English messages that come inline. The store and
// React's hook on it are the kit's own, which every page loads anyway: not counted as language code.
const SHIPPED = `export { formatMessage, pickLocale, textDirection } from '@latch/protocol/i18n'
export { createI18n } from '${repo}/packages/core/src/i18n/createI18n.ts'
export { useLocaleCatalogue } from '${repo}/packages/react/src/i18n/useLocaleCatalogue.ts'
export { useI18n } from '${repo}/packages/react/src/i18n/useI18n.ts'`

const EXTERNAL = [
  /^react(\/|-dom|$)/,
  /\/core\/src\/store\.ts$/,
  /\/react\/src\/hooks\/useStore\.ts$/,
]

type Sizes = { entry: number; lazy: { name: string; gzip: number }[] }

async function bundle(dir: string, source: string): Promise<Sizes> {
  const entry = path.join(dir, `entry-${Math.random().toString(36).slice(2)}.js`)
  writeFileSync(entry, source)
  const result = (await build({
    root: dir,
    logLevel: 'silent',
    configFile: false,
    // As the demo's production build: libraries drop their development-only code.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: true,
      lib: { entry, formats: ['es'], fileName: 'entry' },
      rollupOptions: { external: (id) => EXTERNAL.some((pattern) => pattern.test(id)) },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[]
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((each) => each.output)
  const sizes: Sizes = { entry: 0, lazy: [] }
  for (const chunk of outputs) {
    if (chunk.type !== 'chunk') continue
    const gzip = gzipSync(chunk.code, { level: 9 }).length
    if (chunk.isEntry) sizes.entry += gzip
    else sizes.lazy.push({ name: chunk.name, gzip })
  }
  return sizes
}

// Inside the repo, so the entries resolve the workspace's packages.
mkdirSync(path.join(repo, '.cache'), { recursive: true })
const dir = mkdtempSync(path.join(repo, '.cache/bench-i18n-'))
try {
  console.log('A language runtime with three messages, minified, gzip:')
  for (const { name, source } of CASES) {
    const { entry, lazy } = await bundle(dir, source)
    const total = entry + lazy.reduce((sum, chunk) => sum + chunk.gzip, 0)
    console.log(`  ${name.padEnd(42)} ${kib(total).padStart(10)}`)
  }
  const shipped = await bundle(dir, SHIPPED)
  const chunk = (name: string) => shipped.lazy.find((each) => each.name === name)?.gzip ?? 0
  const languages = shipped.lazy
    .filter((each) => each.name !== 'enMore' && each.name !== 'enCore')
    .map((each) => each.gzip)
  console.log('\nThe kit as a page loads it (React not counted):')
  console.log(`  runtime + English inline, with the page    ${kib(shipped.entry).padStart(10)}`)
  console.log(`  the rest of English, with the first view   ${kib(chunk('enMore')).padStart(10)}`)
  console.log(
    `  another language, when picked              ${kib(Math.min(...languages))} to ${kib(Math.max(...languages))} (${languages.length} languages)`,
  )
  console.log(`    with the English words core writes       ${kib(chunk('enCore')).padStart(10)}`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
