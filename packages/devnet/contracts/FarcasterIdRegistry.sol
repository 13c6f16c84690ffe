// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title FarcasterIdRegistry (Latch devnet build)
/// @notice Our own minimal stand-in for Farcaster's ID Registry on OP Mainnet: the part a
/// Sign In With Farcaster verifier reads (`idOf`, `custodyOf`), and a `register` that gives the
/// caller the next fid. The devnet places its runtime code at the registry's canonical address
/// with anvil_setCode and writes the devnet accounts' fids straight into storage, so nothing may
/// depend on constructor state. Storage order is part of that contract: idCounter (slot 0),
/// idOf (slot 1), custodyOf (slot 2).
contract FarcasterIdRegistry {
    uint256 public idCounter;
    mapping(address => uint256) public idOf;
    mapping(uint256 => address) public custodyOf;

    event Register(address indexed to, uint256 indexed id, address recovery);

    error HasId();

    /// @notice Registers a new fid to the caller, its custody address (one fid per address).
    function register(address recovery) external returns (uint256 fid) {
        if (idOf[msg.sender] != 0) revert HasId();
        fid = ++idCounter;
        idOf[msg.sender] = fid;
        custodyOf[fid] = msg.sender;
        emit Register(msg.sender, fid, recovery);
    }
}
