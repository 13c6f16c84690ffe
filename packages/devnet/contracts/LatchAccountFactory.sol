// SPDX-License-Identifier: MIT
pragma solidity ^0.8.27;

import {Clones} from '@openzeppelin/contracts/proxy/Clones.sol';
import {LatchAccount} from './LatchAccount.sol';

/// @title LatchAccountFactory
/// @notice Creates LatchAccount clones at addresses known before they exist (CREATE2 of owner and
/// salt), so an account can receive funds and sign (ERC-6492) before its first user operation
/// deploys it. Anyone may call createAccount: the owner is part of the address, so a third party
/// can only deploy the account its owner would get anyway. Not limited to the EntryPoint's sender
/// creator, because ERC-6492 verifiers deploy through this call too.
contract LatchAccountFactory {
    LatchAccount public immutable accountImplementation;

    constructor() {
        accountImplementation = new LatchAccount();
    }

    /// @notice Deploys the account of `owner` and `salt`, or returns it when it exists already.
    function createAccount(address owner, uint256 salt) external returns (address account) {
        bytes32 key = _cloneSalt(owner, salt);
        account = Clones.predictDeterministicAddress(address(accountImplementation), key);
        if (account.code.length > 0) return account;
        Clones.cloneDeterministic(address(accountImplementation), key);
        LatchAccount(payable(account)).initialize(owner);
    }

    /// @notice The address createAccount(owner, salt) deploys to.
    function getAddress(address owner, uint256 salt) external view returns (address) {
        return Clones.predictDeterministicAddress(address(accountImplementation), _cloneSalt(owner, salt));
    }

    function _cloneSalt(address owner, uint256 salt) private pure returns (bytes32) {
        return keccak256(abi.encode(owner, salt));
    }
}
