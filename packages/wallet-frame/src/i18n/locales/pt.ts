import type { ScreenText } from '../en.ts'

const pt: ScreenText = {
  preparing: 'Verificando a taxa de rede…',
  account: 'Conta',
  close: 'Fechar',
  reject: 'Recusar',
  approve: 'Aprovar',
  approving: 'Aprovando...',
  originHint: 'O endereço do site que pede, conforme seu navegador informa',
  'Sign message': 'Assinar mensagem',
  'Sign typed data': 'Assinar dados tipados',
  'Approve transaction': 'Aprovar transação',
  'Approve calls': 'Aprovar chamadas',
  'Grant permissions': 'Conceder permissões',
  'Revoke permissions': 'Revogar permissões',
  'Approve user operation': 'Aprovar operação de usuário',
  'Sign transaction': 'Assinar transação',
  'Sign transactions': 'Assinar transações',
  'Approve request': 'Aprovar solicitação',
}

export default pt
