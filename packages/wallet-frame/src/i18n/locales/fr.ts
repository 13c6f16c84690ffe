import type { ScreenText } from '../en.ts'

const fr: ScreenText = {
  preparing: 'Vérification des frais de réseau…',
  account: 'Compte',
  close: 'Fermer',
  reject: 'Refuser',
  approve: 'Approuver',
  approving: 'Approbation...',
  originHint: 'L’adresse du site demandeur, telle que votre navigateur l’indique',
  'Sign message': 'Signer le message',
  'Sign typed data': 'Signer des données typées',
  'Approve transaction': 'Approuver la transaction',
  'Approve calls': 'Approuver les appels',
  'Grant permissions': 'Accorder des autorisations',
  'Revoke permissions': 'Révoquer des autorisations',
  'Approve user operation': 'Approuver l’opération utilisateur',
  'Sign transaction': 'Signer la transaction',
  'Sign transactions': 'Signer les transactions',
  'Approve request': 'Approuver la demande',
}

export default fr
