import { Fragment, type ReactNode } from 'react'
import type { MessageKey } from './en.ts'
import { useI18n } from './useI18n.ts'

/**
 * A message whose placeholders are elements (`{email}` in bold): the translated text split at
 * each placeholder, so a language may put it anywhere in its sentence.
 */
export function Rich({ id, values }: { id: MessageKey; values: Record<string, ReactNode> }) {
  const { t } = useI18n()
  // Unfilled placeholders stay as written in t's output: each odd part is a placeholder's name.
  const parts = t(id).split(/\{(\w+)\}/)
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message, in fixed order
        <Fragment key={index}>{index % 2 === 1 ? (values[part] ?? `{${part}}`) : part}</Fragment>
      ))}
    </>
  )
}
