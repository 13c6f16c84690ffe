import type { ScreenText } from '../en.ts'

const de: ScreenText = {
  preparing: 'Netzwerkgebühr wird geprüft…',
  account: 'Konto',
  close: 'Schließen',
  reject: 'Ablehnen',
  approve: 'Bestätigen',
  approving: 'Wird bestätigt...',
  originHint: 'Die Adresse der anfragenden Seite, wie dein Browser sie meldet',
  'Sign message': 'Nachricht signieren',
  'Sign typed data': 'Typisierte Daten signieren',
  'Approve transaction': 'Transaktion bestätigen',
  'Approve calls': 'Aufrufe bestätigen',
  'Grant permissions': 'Berechtigungen erteilen',
  'Revoke permissions': 'Berechtigungen widerrufen',
  'Approve user operation': 'User Operation bestätigen',
  'Sign transaction': 'Transaktion signieren',
  'Sign transactions': 'Transaktionen signieren',
  'Approve request': 'Anfrage bestätigen',
}

export default de
