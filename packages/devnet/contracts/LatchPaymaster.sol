// SPDX-License-Identifier: MIT
pragma solidity ^0.8.27;

import {Ownable} from '@openzeppelin/contracts/access/Ownable.sol';
import {IEntryPoint} from '@openzeppelin/contracts/interfaces/IERC4337.sol';
import {PaymasterSigner} from '@openzeppelin/contracts/account/paymaster/extensions/PaymasterSigner.sol';
import {ERC4337Utils} from '@openzeppelin/contracts/account/utils/ERC4337Utils.sol';
import {EIP712} from '@openzeppelin/contracts/utils/cryptography/EIP712.sol';
import {SignerECDSA} from '@openzeppelin/contracts/utils/cryptography/signers/SignerECDSA.sol';

/// @title LatchPaymaster
/// @notice The verifying paymaster of Latch's server: OpenZeppelin's PaymasterSigner on EntryPoint
/// v0.8, with one ECDSA signer. It pays for a user operation whose paymasterData is
/// validAfter (6 bytes) ++ validUntil (6 bytes) ++ the signer's signature of the operation's
/// EIP-712 `UserOperationRequest` (every gas field included, so the sponsored cost is the one
/// signed). The server holds the signer's key and decides what to sponsor; this contract only
/// checks the signature and the validity window, and keeps no state of its own in validation.
/// The owner funds it, stakes it, withdraws, and may replace the signer (a leaked key).
contract LatchPaymaster is PaymasterSigner, SignerECDSA, Ownable {
    constructor(
        address signerAddr,
        address initialOwner
    ) EIP712('LatchPaymaster', '1') SignerECDSA(signerAddr) Ownable(initialOwner) {}

    /// @dev The devnet and the kit run EntryPoint v0.8; OpenZeppelin's default is a later one.
    function entryPoint() public pure override returns (IEntryPoint) {
        return ERC4337Utils.ENTRYPOINT_V08;
    }

    /// @notice Replaces the key whose signatures sponsor operations.
    function setSigner(address signerAddr) external onlyOwner {
        _setSigner(signerAddr);
    }

    /// @notice Adds the value to this paymaster's deposit in the EntryPoint (anyone may fund it).
    function deposit() external payable {
        _deposit(msg.value);
    }

    function withdraw(address payable to, uint256 value) external onlyOwner {
        _withdraw(to, value);
    }

    /// @notice Stakes the value: bundlers that check ERC-7562's rules let a staked paymaster read
    /// its own storage (the signer) and keep more of its operations in their mempool.
    function addStake(uint32 unstakeDelaySec) external payable onlyOwner {
        _addStake(msg.value, unstakeDelaySec);
    }

    function unlockStake() external onlyOwner {
        _unlockStake();
    }

    function withdrawStake(address payable to) external onlyOwner {
        _withdrawStake(to);
    }
}
