import type { ScreenText } from '../en.ts'

const ko: ScreenText = {
  preparing: '네트워크 수수료 확인 중…',
  account: '계정',
  close: '닫기',
  reject: '거부',
  approve: '승인',
  approving: '승인 중...',
  originHint: '요청한 사이트의 주소(브라우저가 알려 준 그대로)',
  'Sign message': '메시지 서명',
  'Sign typed data': '타입 데이터 서명',
  'Approve transaction': '거래 승인',
  'Approve calls': '호출 승인',
  'Grant permissions': '권한 부여',
  'Revoke permissions': '권한 취소',
  'Approve user operation': '사용자 작업 승인',
  'Sign transaction': '거래 서명',
  'Sign transactions': '여러 거래 서명',
  'Approve request': '요청 승인',
}

export default ko
