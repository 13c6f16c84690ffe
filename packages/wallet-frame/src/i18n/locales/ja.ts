import type { ScreenText } from '../en.ts'

const ja: ScreenText = {
  preparing: 'ネットワーク手数料を確認中…',
  account: 'アカウント',
  close: '閉じる',
  reject: '拒否',
  approve: '承認',
  approving: '承認中...',
  originHint: 'リクエスト元サイトのアドレス（ブラウザが報告したもの）',
  'Sign message': 'メッセージに署名',
  'Sign typed data': '型付きデータに署名',
  'Approve transaction': '取引を承認',
  'Approve calls': '呼び出しを承認',
  'Grant permissions': '権限を付与',
  'Revoke permissions': '権限を取り消す',
  'Approve user operation': 'ユーザー操作を承認',
  'Sign transaction': '取引に署名',
  'Sign transactions': '複数の取引に署名',
  'Approve request': 'リクエストを承認',
}

export default ja
