import type { ScreenText } from '../en.ts'

const ar: ScreenText = {
  preparing: 'جارٍ التحقق من رسوم الشبكة…',
  account: 'الحساب',
  close: 'إغلاق',
  reject: 'رفض',
  approve: 'موافقة',
  approving: 'جارٍ الموافقة...',
  originHint: 'عنوان الموقع الذي يطلب، كما يذكره متصفحك',
  'Sign message': 'توقيع رسالة',
  'Sign typed data': 'توقيع بيانات منظّمة',
  'Approve transaction': 'الموافقة على المعاملة',
  'Approve calls': 'الموافقة على الاستدعاءات',
  'Grant permissions': 'منح الأذونات',
  'Revoke permissions': 'إلغاء الأذونات',
  'Approve user operation': 'الموافقة على عملية المستخدم',
  'Sign transaction': 'توقيع المعاملة',
  'Sign transactions': 'توقيع المعاملات',
  'Approve request': 'الموافقة على الطلب',
}

export default ar
