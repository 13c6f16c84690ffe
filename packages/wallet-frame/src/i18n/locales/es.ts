import type { ScreenText } from '../en.ts'

const es: ScreenText = {
  preparing: 'Comprobando la comisión de red…',
  account: 'Cuenta',
  close: 'Cerrar',
  reject: 'Rechazar',
  approve: 'Aprobar',
  approving: 'Aprobando...',
  originHint: 'La dirección del sitio que lo pide, según tu navegador',
  'Sign message': 'Firmar mensaje',
  'Sign typed data': 'Firmar datos tipados',
  'Approve transaction': 'Aprobar transacción',
  'Approve calls': 'Aprobar llamadas',
  'Grant permissions': 'Conceder permisos',
  'Revoke permissions': 'Revocar permisos',
  'Approve user operation': 'Aprobar operación de usuario',
  'Sign transaction': 'Firmar transacción',
  'Sign transactions': 'Firmar transacciones',
  'Approve request': 'Aprobar solicitud',
}

export default es
