import { useLatchInstance } from '@latch/react'
import { useDemoI18n } from './i18n/useDemoI18n.ts'

/**
 * What a site offers for a support request: the kit's recent log as a file (keys, signatures,
 * tokens, codes and email addresses never enter it).
 */
export function ExportLogs() {
  const latch = useLatchInstance()
  const { t } = useDemoI18n()
  const download = () => {
    const url = URL.createObjectURL(new Blob([latch.exportLogs()], { type: 'text/plain' }))
    const link = document.createElement('a')
    link.href = url
    link.download = 'latch-logs.txt'
    link.click()
    // The download has its own copy once started.
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }
  return (
    <button type="button" data-testid="demo-export-logs" onClick={download}>
      {t('page.exportLogs')}
    </button>
  )
}
