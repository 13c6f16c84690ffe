-- NFTs. The indexer records ERC-721 Transfer and ERC-1155 TransferSingle/TransferBatch logs of
-- any contract as transfers with a token id; what an account holds is the sum of what it received
-- less what it sent, so a reorg that drops the rows drops the holdings with them.
alter table history_transfers
  add column token_id numeric(78, 0) check (token_id >= 0),
  add column standard text check (standard in ('erc721', 'erc1155')),
  add constraint history_transfers_nft_check check ((token_id is null) = (standard is null));

-- An account's NFTs: its incoming and outgoing NFT transfers, by chain.
create index history_transfers_nft_in_idx
  on history_transfers (recipient, chain_id, token, token_id) where token_id is not null;
create index history_transfers_nft_out_idx
  on history_transfers (sender, chain_id, token, token_id) where token_id is not null;

-- What a token's metadata said, fetched once (with a timeout and a size cap, from allowed hosts
-- only) and kept: name, image URL as the metadata gave it, the collection's name. A failed fetch
-- is kept too (ok false), and tried again once `fetched_at` is old enough.
create table nft_metadata (
  chain_id bigint not null,
  contract text not null check (contract ~ '^0x[0-9a-f]{40}$'),
  token_id numeric(78, 0) not null check (token_id >= 0),
  standard text not null check (standard in ('erc721', 'erc1155')),
  ok boolean not null,
  name text,
  image text,
  collection_name text,
  fetched_at timestamptz not null default now(),
  primary key (chain_id, contract, token_id)
);
