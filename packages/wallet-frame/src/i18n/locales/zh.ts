import type { ScreenText } from '../en.ts'

const zh: ScreenText = {
  preparing: '正在检查网络费…',
  account: '账户',
  close: '关闭',
  reject: '拒绝',
  approve: '批准',
  approving: '正在批准...',
  originHint: '发起请求的网站地址（由你的浏览器报告）',
  'Sign message': '签署消息',
  'Sign typed data': '签署结构化数据',
  'Approve transaction': '批准交易',
  'Approve calls': '批准调用',
  'Grant permissions': '授予权限',
  'Revoke permissions': '撤销权限',
  'Approve user operation': '批准用户操作',
  'Sign transaction': '签署交易',
  'Sign transactions': '签署多笔交易',
  'Approve request': '批准请求',
}

export default zh
