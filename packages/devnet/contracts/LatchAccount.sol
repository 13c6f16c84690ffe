// SPDX-License-Identifier: MIT
pragma solidity ^0.8.27;

import {IEntryPoint} from '@openzeppelin/contracts/interfaces/IERC4337.sol';
import {AccountERC7579} from '@openzeppelin/contracts/account/extensions/draft-AccountERC7579.sol';
import {ERC4337Utils} from '@openzeppelin/contracts/account/utils/ERC4337Utils.sol';
import {Initializable} from '@openzeppelin/contracts/proxy/utils/Initializable.sol';
import {ERC1155Holder} from '@openzeppelin/contracts/token/ERC1155/utils/ERC1155Holder.sol';
import {ERC721Holder} from '@openzeppelin/contracts/token/ERC721/utils/ERC721Holder.sol';
import {EIP712} from '@openzeppelin/contracts/utils/cryptography/EIP712.sol';
import {AbstractSigner} from '@openzeppelin/contracts/utils/cryptography/signers/AbstractSigner.sol';
import {ERC7739} from '@openzeppelin/contracts/utils/cryptography/signers/draft-ERC7739.sol';
import {SignerECDSA} from '@openzeppelin/contracts/utils/cryptography/signers/SignerECDSA.sol';

/// @title LatchAccount
/// @notice The smart account of Latch's embedded wallet: OpenZeppelin's ERC-7579 modular account on
/// EntryPoint v0.8, owned by one ECDSA key. User operations on nonce key 0 and ERC-1271 signatures
/// (ERC-7739 wrapped, so one signature cannot be replayed on another account of the same owner)
/// are checked against that key; validator modules (session keys) can be installed beside it.
/// Deployed as ERC-1167 clones by LatchAccountFactory, so this implementation is never used itself.
contract LatchAccount is AccountERC7579, SignerECDSA, ERC7739, ERC721Holder, ERC1155Holder, Initializable {
    /// @dev The implementation has no owner (address 0 recovers from no signature) and can never
    /// be initialized: only its clones can.
    constructor() EIP712('LatchAccount', '1') SignerECDSA(address(0)) {
        _disableInitializers();
    }

    /// @notice Sets the owner of a fresh clone; the factory calls it in the clone's creation.
    function initialize(address owner) external initializer {
        _setSigner(owner);
    }

    /// @dev The devnet and the kit run EntryPoint v0.8; OpenZeppelin's default is a later one.
    function entryPoint() public pure override returns (IEntryPoint) {
        return ERC4337Utils.ENTRYPOINT_V08;
    }

    /// @dev The owner's ERC-7739 signature first; anything else goes to the installed validators.
    function isValidSignature(
        bytes32 hash,
        bytes calldata signature
    ) public view override(AccountERC7579, ERC7739) returns (bytes4) {
        bytes4 result = ERC7739.isValidSignature(hash, signature);
        return result == bytes4(0xffffffff) ? AccountERC7579.isValidSignature(hash, signature) : result;
    }

    /// @dev The owner key signs: AccountERC7579 alone would accept validator modules only.
    function _rawSignatureValidation(
        bytes32 hash,
        bytes calldata signature
    ) internal view override(AbstractSigner, AccountERC7579, SignerECDSA) returns (bool) {
        return SignerECDSA._rawSignatureValidation(hash, signature);
    }
}
