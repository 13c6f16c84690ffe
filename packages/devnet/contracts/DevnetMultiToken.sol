// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1155} from '@openzeppelin/contracts/token/ERC1155/ERC1155.sol';
import {Ownable} from '@openzeppelin/contracts/access/Ownable.sol';

/// @title DevnetMultiToken
/// @notice An ERC-1155 collection for the Latch devnet, with a name wallets can show. Its URI (with
/// the `{id}` placeholder) is set by the owner once the devnet's metadata server listens. Anyone
/// may mint: the devnet's faucet.
contract DevnetMultiToken is ERC1155, Ownable {
    string public name;

    constructor(string memory name_, address owner_) ERC1155('') Ownable(owner_) {
        name = name_;
    }

    function setURI(string calldata uri_) external onlyOwner {
        _setURI(uri_);
    }

    /// @notice Gives each of `recipients` `amount` of token `id`.
    function mintEach(address[] calldata recipients, uint256 id, uint256 amount) external onlyOwner {
        for (uint256 i = 0; i < recipients.length; ++i) {
            _mint(recipients[i], id, amount, '');
        }
    }

    function mint(address to, uint256 id, uint256 amount) external {
        _mint(to, id, amount, '');
    }
}
