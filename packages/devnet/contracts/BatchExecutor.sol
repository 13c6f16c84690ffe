// SPDX-License-Identifier: MIT
pragma solidity ^0.8.27;

import {ERC7821} from "@openzeppelin/contracts/account/extensions/draft-ERC7821.sol";

/// Code an externally owned account delegates to with EIP-7702 so a wallet can send an EIP-5792
/// batch as one transaction: OpenZeppelin's ERC-7821 executor, which runs a batch only when the
/// account calls itself, so nobody else can spend through it. The account still takes plain ether.
contract BatchExecutor is ERC7821 {
    receive() external payable {}
}
