import type { CaipNetworkId } from '@latch/protocol'

/** The networks' CAIP-2 ids by namespace, each list in the order the networks are configured. */
export function networksByNamespace(
  networks: readonly { namespace: string; caipNetworkId: CaipNetworkId }[],
): Record<string, CaipNetworkId[]> {
  const byNamespace: Record<string, CaipNetworkId[]> = {}
  for (const { namespace, caipNetworkId } of networks)
    byNamespace[namespace] = [...(byNamespace[namespace] ?? []), caipNetworkId]
  return byNamespace
}
