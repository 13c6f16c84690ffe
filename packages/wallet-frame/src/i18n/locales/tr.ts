import type { ScreenText } from '../en.ts'

const tr: ScreenText = {
  preparing: 'Ağ ücreti kontrol ediliyor…',
  account: 'Hesap',
  close: 'Kapat',
  reject: 'Reddet',
  approve: 'Onayla',
  approving: 'Onaylanıyor...',
  originHint: 'İsteyen sitenin adresi, tarayıcınızın bildirdiği şekliyle',
  'Sign message': 'Mesajı imzala',
  'Sign typed data': 'Türlü veriyi imzala',
  'Approve transaction': 'İşlemi onayla',
  'Approve calls': 'Çağrıları onayla',
  'Grant permissions': 'İzin ver',
  'Revoke permissions': 'İzinleri iptal et',
  'Approve user operation': 'Kullanıcı işlemini onayla',
  'Sign transaction': 'İşlemi imzala',
  'Sign transactions': 'İşlemleri imzala',
  'Approve request': 'İsteği onayla',
}

export default tr
