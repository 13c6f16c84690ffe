import type { ScreenText } from '../en.ts'

const ru: ScreenText = {
  preparing: 'Проверяем комиссию сети…',
  account: 'Аккаунт',
  close: 'Закрыть',
  reject: 'Отклонить',
  approve: 'Подтвердить',
  approving: 'Подтверждаем...',
  originHint: 'Адрес запрашивающего сайта, как его сообщает браузер',
  'Sign message': 'Подписать сообщение',
  'Sign typed data': 'Подписать типизированные данные',
  'Approve transaction': 'Подтвердить транзакцию',
  'Approve calls': 'Подтвердить вызовы',
  'Grant permissions': 'Выдать разрешения',
  'Revoke permissions': 'Отозвать разрешения',
  'Approve user operation': 'Подтвердить операцию',
  'Sign transaction': 'Подписать транзакцию',
  'Sign transactions': 'Подписать транзакции',
  'Approve request': 'Подтвердить запрос',
}

export default ru
