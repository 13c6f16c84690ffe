// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from '@openzeppelin/contracts/token/ERC721/ERC721.sol';
import {Ownable} from '@openzeppelin/contracts/access/Ownable.sol';

/// @title DevnetCollectible
/// @notice An ERC-721 collection for the Latch devnet. Its metadata lives under a base URI the
/// owner sets once the devnet's metadata server listens (its port is known only then). Anyone may
/// mint one more: the devnet's faucet, so a test gets tokens of its own.
contract DevnetCollectible is ERC721, Ownable {
    string private base;
    uint256 public nextTokenId = 1;

    constructor(string memory name_, string memory symbol_, address owner_)
        ERC721(name_, symbol_)
        Ownable(owner_)
    {}

    /// @notice Where token `id`'s metadata is: `uri` followed by the id in decimal.
    function setBaseURI(string calldata uri) external onlyOwner {
        base = uri;
    }

    function _baseURI() internal view override returns (string memory) {
        return base;
    }

    /// @notice Gives each of `recipients` `perAccount` new tokens, numbered on from `nextTokenId`.
    function mintEach(address[] calldata recipients, uint256 perAccount) external onlyOwner {
        for (uint256 i = 0; i < recipients.length; ++i) {
            for (uint256 j = 0; j < perAccount; ++j) {
                _mint(recipients[i], nextTokenId++);
            }
        }
    }

    /// @notice Mints the next token to `to`; returns its id.
    function mint(address to) external returns (uint256 id) {
        id = nextTokenId++;
        _mint(to, id);
    }
}
