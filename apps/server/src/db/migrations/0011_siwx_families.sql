-- Sign-in sessions of every chain family: the network is kept as its CAIP-2 id, and the address
-- in the family's own form (EIP-55 for EVM, base58 for Solana). The EVM chain id stays for the
-- sessions' readers that want a number; other families leave it null.
alter table siwx_sessions drop constraint siwx_sessions_address_check;
alter table siwx_sessions drop constraint siwx_sessions_chain_id_check;
alter table siwx_sessions alter column chain_id drop not null;
alter table siwx_sessions add column caip_network_id text;
update siwx_sessions set caip_network_id = 'eip155:' || chain_id;
alter table siwx_sessions alter column caip_network_id set not null;
alter table siwx_sessions
  add constraint siwx_sessions_caip_network_id_check check (caip_network_id ~ '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$');
