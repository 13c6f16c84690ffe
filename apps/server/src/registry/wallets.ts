import type { CaipNetworkId, Wallet, WalletBadgeType, WalletsResponse } from '@latch/protocol'
import type { Database } from '../db/index.ts'
import { CATALOGUE, type CatalogueWallet, catalogueWallets } from './catalogue.ts'

/** The `wallets` columns the catalogue writes, with their SQL types (`order` is `display_order`). */
const CATALOGUE_COLUMNS = [
  ['id', 'text'],
  ['name', 'text'],
  ['homepage', 'text'],
  ['image_id', 'text'],
  ['display_order', 'integer'],
  ['mobile_link', 'text'],
  ['universal_link', 'text'],
  ['desktop_link', 'text'],
  ['webapp_link', 'text'],
  ['app_store', 'text'],
  ['play_store', 'text'],
  ['chrome_store', 'text'],
  ['rdns', 'text'],
  ['injected', 'jsonb'],
  ['chains', 'text[]'],
  ['categories', 'text[]'],
  ['description', 'text'],
  ['badge_type', 'text'],
  ['supports_wc', 'boolean'],
  ['only_listed_chains', 'boolean'],
] as const

type WalletRow = {
  id: string
  name: string
  homepage: string | null
  image_id: string
  display_order: number
  mobile_link: string | null
  universal_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  app_store: string | null
  play_store: string | null
  chrome_store: string | null
  rdns: string | null
  injected: unknown
  chains: Wallet['chains']
  categories: string[]
  description: string | null
  badge_type: WalletBadgeType
  supports_wc: boolean
  only_listed_chains: boolean
}

const COLUMN_NAMES = CATALOGUE_COLUMNS.map(([name]) => name)
const SELECT_COLUMNS = COLUMN_NAMES.join(', ')

// One statement for the whole catalogue; rows an operator owns (source = 'operator') are left
// alone, and unchanged rows are not rewritten, so a restart touches nothing.
const UPSERT_CATALOGUE = `
  insert into wallets (${SELECT_COLUMNS}, source)
  select ${SELECT_COLUMNS}, 'catalogue'
  from jsonb_to_recordset($1::jsonb) as w(${CATALOGUE_COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ')})
  on conflict (id) do update set
    ${COLUMN_NAMES.filter((name) => name !== 'id')
      .map((name) => `${name} = excluded.${name}`)
      .join(', ')},
    updated_at = now()
  where wallets.source = 'catalogue'
    and (${COLUMN_NAMES.map((name) => `wallets.${name}`).join(', ')})
      is distinct from (${COLUMN_NAMES.map((name) => `excluded.${name}`).join(', ')})`

export type WalletFilter = {
  page: number
  entries: number
  include?: string[] | undefined
  exclude?: string[] | undefined
  chains?: CaipNetworkId[] | undefined
  /** Chain families (CAIP-2 namespaces): wallets with a network of any of them. */
  namespaces?: string[] | undefined
  search?: string | undefined
  badgeType?: WalletBadgeType | undefined
}

/** `%`, `_` and `\` match themselves in a search, not as LIKE wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&')

function isInjection(value: unknown): value is Wallet['injected'][number] {
  if (typeof value !== 'object' || value === null) return false
  const { namespace, injected_id } = value as Record<string, unknown>
  return typeof namespace === 'string' && typeof injected_id === 'string'
}

function toWallet(row: WalletRow): Wallet {
  return {
    id: row.id,
    name: row.name,
    homepage: row.homepage,
    image_id: row.image_id,
    order: row.display_order,
    mobile_link: row.mobile_link,
    universal_link: row.universal_link,
    desktop_link: row.desktop_link,
    webapp_link: row.webapp_link,
    app_store: row.app_store,
    play_store: row.play_store,
    chrome_store: row.chrome_store,
    rdns: row.rdns,
    // jsonb written by hand may hold anything: keep the well-formed entries only.
    injected: Array.isArray(row.injected)
      ? row.injected
          .filter(isInjection)
          .map(({ namespace, injected_id }) => ({ namespace, injected_id }))
      : [],
    chains: row.chains,
    categories: row.categories,
    description: row.description,
    badge_type: row.badge_type,
    supports_wc: row.supports_wc,
  }
}

const namespaceOf = (network: string) => network.slice(0, network.indexOf(':'))

/**
 * The wallet's networks with the requested ones it serves by family added after its own: clients
 * keep a listed wallet only if one of its networks is among those they asked for.
 */
function withRequestedChains(
  wallet: Wallet,
  row: WalletRow,
  requested: readonly CaipNetworkId[],
): Wallet {
  if (row.only_listed_chains || requested.length === 0) return wallet
  const families = new Set(wallet.chains.map(namespaceOf))
  const listed = new Set<string>(wallet.chains)
  const added = requested.filter(
    (network) => families.has(namespaceOf(network)) && !listed.has(network),
  )
  return added.length === 0 ? wallet : { ...wallet, chains: [...wallet.chains, ...added] }
}

/** The wallet registry in the `wallets` table: the catalogue plus what operators add. */
export class WalletStore {
  readonly #db: Database

  constructor(db: Database) {
    this.#db = db
  }

  /** Writes the catalogue's wallets and drops catalogue rows the catalogue no longer has. */
  async seedCatalogue(catalogue: CatalogueWallet[] = CATALOGUE): Promise<void> {
    const rows = catalogueWallets(catalogue).map(({ order, ...wallet }, index) => ({
      ...wallet,
      display_order: order,
      only_listed_chains: catalogue[index]?.onlyListedChains ?? false,
    }))
    await this.#db.transaction(async (tx) => {
      await tx.query(UPSERT_CATALOGUE, [JSON.stringify(rows)])
      await tx.query(
        `delete from wallets where source = 'catalogue' and not (id = any($1::text[]))`,
        [rows.map((row) => row.id)],
      )
    })
  }

  /** One page of the enabled wallets matching every given filter, by order, and their total. */
  async list(filter: WalletFilter): Promise<WalletsResponse> {
    const params: unknown[] = []
    const param = (value: unknown) => {
      params.push(value)
      return `$${params.length}`
    }
    const where = ['enabled']
    if (filter.include?.length) where.push(`id = any(${param(filter.include)}::text[])`)
    if (filter.exclude?.length) where.push(`not (id = any(${param(filter.exclude)}::text[]))`)
    // A requested network is the wallet's when it lists it, or lists a network of its family
    // and does not serve its listed networks only.
    if (filter.chains?.length)
      where.push(
        `(chains && ${param(filter.chains)}::text[] or (not only_listed_chains and exists (
           select 1 from unnest(chains) as chain
           where split_part(chain, ':', 1) = any(${param(filter.chains.map(namespaceOf))}::text[]))))`,
      )
    if (filter.namespaces?.length)
      where.push(
        `exists (select 1 from unnest(chains) as chain where split_part(chain, ':', 1) = any(${param(filter.namespaces)}::text[]))`,
      )
    if (filter.search) where.push(`name ilike ${param(`%${escapeLike(filter.search)}%`)}`)
    if (filter.badgeType) where.push(`badge_type = ${param(filter.badgeType)}`)
    const condition = where.join(' and ')

    const [total] = await this.#db.query<{ count: number }>(
      `select count(*)::integer as count from wallets where ${condition}`,
      params,
    )
    const rows = await this.#db.query<WalletRow>(
      `select ${SELECT_COLUMNS} from wallets where ${condition}
       order by display_order, id
       limit ${param(filter.entries)} offset ${param((filter.page - 1) * filter.entries)}`,
      params,
    )
    return {
      count: total?.count ?? 0,
      data: rows.map((row) => withRequestedChains(toWallet(row), row, filter.chains ?? [])),
    }
  }

  /** The wallet an image id belongs to, hidden or not (a client may still show a recent one). */
  async findByImageId(imageId: string): Promise<{ id: string; name: string } | null> {
    const rows = await this.#db.query<{ id: string; name: string }>(
      'select id, name from wallets where image_id = $1',
      [imageId],
    )
    return rows[0] ?? null
  }
}
