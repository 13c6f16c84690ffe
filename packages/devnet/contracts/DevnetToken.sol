// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from '@openzeppelin/contracts/token/ERC20/ERC20.sol';
import {Ownable} from '@openzeppelin/contracts/access/Ownable.sol';

/// @title DevnetToken
/// @notice A plain ERC-20 for the Latch devnet: any decimals, minted only by its deployer.
contract DevnetToken is ERC20, Ownable {
    uint8 private immutable tokenDecimals;

    constructor(string memory name_, string memory symbol_, uint8 decimals_)
        ERC20(name_, symbol_)
        Ownable(msg.sender)
    {
        tokenDecimals = decimals_;
    }

    function decimals() public view override returns (uint8) {
        return tokenDecimals;
    }

    /// @notice Creates `amount` new tokens for `to`. Only the owner may mint.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    /// @notice Gives each of `recipients` `amount` new tokens, in one transaction.
    function mintEach(address[] calldata recipients, uint256 amount) external onlyOwner {
        for (uint256 i = 0; i < recipients.length; ++i) {
            _mint(recipients[i], amount);
        }
    }
}
