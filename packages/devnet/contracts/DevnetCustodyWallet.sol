// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title DevnetCustodyWallet (Latch devnet build)
/// @notice A contract account that holds an fid, as a smart-wallet custody does on OP Mainnet: it
/// answers ERC-1271's isValidSignature for hashes its owner key signed. The devnet places its code
/// with anvil_setCode and writes `owner` (slot 0) into storage, so there is no constructor state.
contract DevnetCustodyWallet {
    address public owner;

    bytes4 internal constant MAGIC_VALUE = 0x1626ba7e;

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? MAGIC_VALUE : bytes4(0xffffffff);
    }
}
