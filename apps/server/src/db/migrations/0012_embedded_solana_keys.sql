-- Each embedded-wallet user holds a Solana account too: an ed25519 seed, encrypted like the EVM
-- key (AES-256-GCM, the user id as additional data) under a key of its own. Users created before
-- this have none until their first use creates it, so the columns are all set or all null.
alter table wallet_users add column solana_address text unique
  check (solana_address ~ '^[1-9A-HJ-NP-Za-km-z]{32,44}$');
alter table wallet_users add column solana_key_iv bytea check (length(solana_key_iv) = 12);
alter table wallet_users add column solana_key_ciphertext bytea
  check (length(solana_key_ciphertext) = 32);
alter table wallet_users add column solana_key_tag bytea check (length(solana_key_tag) = 16);
alter table wallet_users add constraint wallet_users_solana_key_check check (
  (solana_address is null) = (solana_key_iv is null)
  and (solana_address is null) = (solana_key_ciphertext is null)
  and (solana_address is null) = (solana_key_tag is null)
);
