-- A wallet supports every network of each chain family (CAIP-2 namespace) it lists a network of:
-- an EVM wallet adds any EVM chain, so a devnet or a new L2 finds it without a catalogue update.
-- A wallet that serves exactly the networks it lists (its app cannot add one) says so here.
alter table wallets add column only_listed_chains boolean not null default false;
