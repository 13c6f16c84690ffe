// SPDX-License-Identifier: MIT
pragma solidity ^0.8.27;

import {PackedUserOperation} from '@openzeppelin/contracts/interfaces/IERC4337.sol';
import {IERC7579Validator, MODULE_TYPE_VALIDATOR} from '@openzeppelin/contracts/interfaces/draft-IERC7579.sol';
import {ERC4337Utils} from '@openzeppelin/contracts/account/utils/ERC4337Utils.sol';
import {CallType, ERC7579Utils, Execution, Mode} from '@openzeppelin/contracts/account/utils/draft-ERC7579Utils.sol';
import {ECDSA} from '@openzeppelin/contracts/utils/cryptography/ECDSA.sol';
import {MessageHashUtils} from '@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol';

/// @title LatchSessionValidator
/// @notice An ERC-7579 validator that lets a site's key send user operations for a smart account
/// within limits its owner granted: which contracts and functions it may call, how much of each
/// token it may move per period, and until when. Every limit is checked here, on chain, on each
/// user operation, so neither the site nor Latch's server can go beyond what was granted.
/// @dev Storage is keyed with the account as the innermost mapping key, the "associated storage"
/// ERC-7562 lets an account's validation read and write, so bundlers accept these operations
/// without unsafe mode. Validation never reads the clock (TIMESTAMP is banned there): the user
/// operation claims a time, its spending periods follow from it, and the validation data returned
/// makes the EntryPoint refuse the operation unless the block's time is inside those periods.
contract LatchSessionValidator is IERC7579Validator {
    using ERC7579Utils for *;

    struct CallPermission {
        address target;
        bytes4 selector;
    }

    /// @dev `token` 0 is the chain's native coin.
    struct SpendingLimit {
        address token;
        uint256 periodAmount;
        uint48 periodDuration;
    }

    struct Session {
        address signer;
        uint48 validAfter;
        uint48 validUntil;
        CallPermission[] calls;
        SpendingLimit[] limits;
    }

    /// @dev What validation reads about a session: one slot plus its flags.
    struct SessionState {
        address signer;
        uint48 validAfter;
        uint48 validUntil;
        uint64 epoch;
        bool exists;
        bool revoked;
    }

    struct Limit {
        uint256 periodAmount;
        uint48 periodDuration;
    }

    bytes4 private constant TRANSFER = 0xa9059cbb; // transfer(address,uint256)
    bytes4 private constant APPROVE = 0x095ea7b3; // approve(address,uint256)
    bytes4 private constant TRANSFER_FROM = 0x23b872dd; // transferFrom(address,address,uint256)
    bytes4 private constant EXECUTE = 0xe9ae5c53; // execute(bytes32,bytes)
    /// @dev Above this, the EntryPoint reads validity bounds as block numbers, not times.
    uint48 private constant MAX_TIME = 0x7fffffffffff;

    // pci => account => ...: the account innermost (ERC-7562 associated storage).
    mapping(bytes32 pci => mapping(address account => SessionState)) private _sessions;
    mapping(bytes32 callKey => mapping(address account => bool)) private _allowedCalls;
    mapping(bytes32 limitKey => mapping(address account => Limit)) private _limits;
    mapping(bytes32 spentKey => mapping(address account => uint256)) private _spent;
    // Read by the views only, never in validation.
    mapping(bytes32 pci => mapping(address account => CallPermission[])) private _callLists;
    mapping(bytes32 pci => mapping(address account => SpendingLimit[])) private _limitLists;
    /// @dev Bumped on uninstall, so a reinstall does not bring back sessions granted before.
    mapping(address account => uint64) private _epochs;
    mapping(address account => bool) private _installed;

    event SessionEnabled(address indexed account, bytes32 indexed pci, address signer, uint48 validUntil);
    event SessionRevoked(address indexed account, bytes32 indexed pci);

    error NotInstalled(address account);
    error SessionExists(bytes32 pci);
    error SessionUnknown(bytes32 pci);
    error SessionInvalid(string reason);
    error CallNotAllowed(address target, bytes4 selector);
    error CallTypeNotAllowed();
    error SelfCallNotAllowed(address target);
    error NotExecute(bytes4 selector);
    error SpendingLimitExceeded(address token, uint256 spent, uint256 periodAmount);

    // ------------------------------------------------------------------ module configuration

    /// @notice Installs for the calling account; `data` may be abi.encode(pci, session), a first session.
    function onInstall(bytes calldata data) external {
        _installed[msg.sender] = true;
        if (data.length > 0) {
            (bytes32 pci, Session memory session) = abi.decode(data, (bytes32, Session));
            _enable(msg.sender, pci, session);
        }
    }

    /// @notice Uninstalls for the calling account; every session it had stops working for good.
    function onUninstall(bytes calldata) external {
        _installed[msg.sender] = false;
        _epochs[msg.sender]++;
    }

    function isModuleType(uint256 moduleTypeId) external pure returns (bool) {
        return moduleTypeId == MODULE_TYPE_VALIDATOR;
    }

    function isInitialized(address account) external view returns (bool) {
        return _installed[account];
    }

    // ------------------------------------------------------------------ sessions

    /// @notice Grants `session` under id `pci` for the calling account; an id is never reused.
    function enableSession(bytes32 pci, Session calldata session) external {
        if (!_installed[msg.sender]) revert NotInstalled(msg.sender);
        _enable(msg.sender, pci, session);
    }

    /// @notice Ends session `pci` of the calling account at once.
    function revokeSession(bytes32 pci) external {
        SessionState storage state = _sessions[pci][msg.sender];
        if (!state.exists || state.epoch != _epochs[msg.sender]) revert SessionUnknown(pci);
        state.revoked = true;
        emit SessionRevoked(msg.sender, pci);
    }

    function getSession(address account, bytes32 pci) external view returns (Session memory session, bool revoked) {
        SessionState storage state = _sessions[pci][account];
        if (!state.exists) revert SessionUnknown(pci);
        session.signer = state.signer;
        session.validAfter = state.validAfter;
        session.validUntil = state.validUntil;
        session.calls = _callLists[pci][account];
        session.limits = _limitLists[pci][account];
        revoked = state.revoked || state.epoch != _epochs[account];
    }

    /// @notice What session `pci` has moved of `token` in period `periodIndex` (time / periodDuration).
    function spent(address account, bytes32 pci, address token, uint256 periodIndex) external view returns (uint256) {
        return _spent[_spentKey(pci, token, periodIndex)][account];
    }

    /// @notice Whether session `pci` of `account` can sign now: granted, not revoked, in its window.
    function isActive(address account, bytes32 pci) external view returns (bool) {
        SessionState storage state = _sessions[pci][account];
        return
            state.exists &&
            !state.revoked &&
            _installed[account] &&
            state.epoch == _epochs[account] &&
            block.timestamp > state.validAfter &&
            block.timestamp <= state.validUntil;
    }

    function _enable(address account, bytes32 pci, Session memory session) private {
        if (pci == bytes32(0)) revert SessionInvalid('empty id');
        if (_sessions[pci][account].exists) revert SessionExists(pci);
        if (session.signer == address(0)) revert SessionInvalid('no signer');
        // The window must still be open: a session that can never sign is a mistake.
        if (session.validUntil <= block.timestamp || session.validUntil > MAX_TIME) revert SessionInvalid('expiry');
        if (session.validAfter >= session.validUntil) revert SessionInvalid('window');
        if (session.calls.length == 0 && session.limits.length == 0) revert SessionInvalid('no permission');

        _sessions[pci][account] = SessionState({
            signer: session.signer,
            validAfter: session.validAfter,
            validUntil: session.validUntil,
            epoch: _epochs[account],
            exists: true,
            revoked: false
        });
        for (uint256 i = 0; i < session.calls.length; i++) {
            CallPermission memory call = session.calls[i];
            // Calling the account or this module would let the key change its own limits.
            if (call.target == account || call.target == address(this) || call.target == address(0)) {
                revert SessionInvalid('call target');
            }
            _allowedCalls[_callKey(pci, call.target, call.selector)][account] = true;
            _callLists[pci][account].push(call);
        }
        for (uint256 i = 0; i < session.limits.length; i++) {
            SpendingLimit memory limit = session.limits[i];
            if (limit.periodAmount == 0 || limit.periodDuration == 0) revert SessionInvalid('limit');
            Limit storage stored = _limits[_limitKey(pci, limit.token)][account];
            if (stored.periodDuration != 0) revert SessionInvalid('duplicate limit');
            stored.periodAmount = limit.periodAmount;
            stored.periodDuration = limit.periodDuration;
            _limitLists[pci][account].push(limit);
        }
        emit SessionEnabled(account, pci, session.signer, session.validUntil);
    }

    // ------------------------------------------------------------------ validation

    /// @dev One operation being checked: whose, which session, the time it claims, and its window,
    /// whose bounds tighten with each period it spends in.
    struct Check {
        address account;
        bytes32 pci;
        uint48 claimedTime;
        uint48 validAfter;
        uint48 validUntil;
    }

    /// @notice Checks a user operation of the calling account signed by a session key.
    /// `userOp.signature` is abi.encode(pci, claimedTime, ecdsaSignature), the key's EIP-191
    /// signature of `userOpHash`. A bad signature, or a revoked or unknown session, answers
    /// SIG_VALIDATION_FAILED; a call outside the session's permissions reverts with the reason.
    function validateUserOp(PackedUserOperation calldata userOp, bytes32 userOpHash) external returns (uint256) {
        address account = msg.sender;
        (bytes32 pci, uint48 claimedTime, bytes memory signature) = abi.decode(
            userOp.signature,
            (bytes32, uint48, bytes)
        );
        SessionState memory state = _sessions[pci][account];
        if (!state.exists || state.epoch != _epochs[account] || userOp.sender != account) {
            return ERC4337Utils.SIG_VALIDATION_FAILED;
        }
        (address recovered, ECDSA.RecoverError error, ) = ECDSA.tryRecover(
            MessageHashUtils.toEthSignedMessageHash(userOpHash),
            signature
        );
        // No early return on a bad signature or a revoked session: a bundler estimates gas with a
        // placeholder signature, which must take the same path (and storage writes) as the real one.
        bool valid = error == ECDSA.RecoverError.NoError && recovered == state.signer && !state.revoked;

        Check memory check = Check(account, pci, claimedTime, state.validAfter, state.validUntil);
        _checkCalls(check, userOp.callData);
        return ERC4337Utils.packValidationData(valid, check.validAfter, check.validUntil);
    }

    /// @notice Sessions never sign messages for the account: only user operations.
    function isValidSignatureWithSender(address, bytes32, bytes calldata) external pure returns (bytes4) {
        return 0xffffffff;
    }

    /// @dev callData must be the account's execute(mode, executionCalldata), single or batch.
    function _checkCalls(Check memory check, bytes calldata callData) private {
        if (callData.length < 4 || bytes4(callData[0:4]) != EXECUTE) {
            revert NotExecute(callData.length < 4 ? bytes4(0) : bytes4(callData[0:4]));
        }
        Mode mode = Mode.wrap(bytes32(callData[4:36]));
        uint256 offset = uint256(bytes32(callData[36:68]));
        uint256 length = uint256(bytes32(callData[4 + offset:36 + offset]));
        bytes calldata executionCalldata = callData[36 + offset:36 + offset + length];

        (CallType callType, , , ) = mode.decodeMode();
        if (CallType.unwrap(callType) == CallType.unwrap(ERC7579Utils.CALLTYPE_SINGLE)) {
            (address target, uint256 value, bytes calldata data) = executionCalldata.decodeSingle();
            _checkCall(check, target, value, data);
        } else if (CallType.unwrap(callType) == CallType.unwrap(ERC7579Utils.CALLTYPE_BATCH)) {
            Execution[] calldata executions = executionCalldata.decodeBatch();
            for (uint256 i = 0; i < executions.length; i++) {
                _checkCall(check, executions[i].target, executions[i].value, executions[i].callData);
            }
        } else {
            // Delegatecall would run any code as the account; anything else is unknown.
            revert CallTypeNotAllowed();
        }
    }

    function _checkCall(Check memory check, address target, uint256 value, bytes calldata data) private {
        if (target == check.account || target == address(this)) revert SelfCallNotAllowed(target);
        if (data.length == 0) {
            // A plain payment: allowed only within a native-coin limit, to anyone.
            if (value == 0) revert CallNotAllowed(target, bytes4(0));
        } else {
            if (data.length < 4) revert CallNotAllowed(target, bytes4(0));
            bytes4 selector = bytes4(data[0:4]);
            if (!_allowedCalls[_callKey(check.pci, target, selector)][check.account]) {
                revert CallNotAllowed(target, selector);
            }
            // Moving a limited token counts against its limit, whatever the recipient.
            if (_limits[_limitKey(check.pci, target)][check.account].periodDuration != 0) {
                if ((selector == TRANSFER || selector == APPROVE) && data.length >= 68) {
                    _spend(check, target, uint256(bytes32(data[36:68])));
                } else if (selector == TRANSFER_FROM && data.length >= 100) {
                    _spend(check, target, uint256(bytes32(data[68:100])));
                }
            }
        }
        if (value > 0) _spend(check, address(0), value);
    }

    /// @dev Adds `amount` to the claimed period of `token`'s limit, refusing past the limit, and
    /// narrows the window to that period. No limit on the token means it may not be moved.
    function _spend(Check memory check, address token, uint256 amount) private {
        Limit memory limit = _limits[_limitKey(check.pci, token)][check.account];
        if (limit.periodDuration == 0) revert SpendingLimitExceeded(token, amount, 0);
        uint256 periodIndex = check.claimedTime / limit.periodDuration;
        uint256 start = periodIndex * limit.periodDuration;
        uint256 end = start + limit.periodDuration - 1;
        mapping(address => uint256) storage used = _spent[_spentKey(check.pci, token, periodIndex)];
        uint256 total = used[check.account] + amount;
        if (total > limit.periodAmount) revert SpendingLimitExceeded(token, total, limit.periodAmount);
        used[check.account] = total;

        // The EntryPoint takes an operation only when validAfter < block time <= validUntil.
        uint48 after_ = start == 0 ? 0 : uint48(start - 1);
        if (after_ > check.validAfter) check.validAfter = after_;
        if (end < check.validUntil) check.validUntil = uint48(end);
    }

    function _callKey(bytes32 pci, address target, bytes4 selector) private pure returns (bytes32) {
        return keccak256(abi.encode(pci, target, selector));
    }

    function _limitKey(bytes32 pci, address token) private pure returns (bytes32) {
        return keccak256(abi.encode(pci, token));
    }

    function _spentKey(bytes32 pci, address token, uint256 periodIndex) private pure returns (bytes32) {
        return keccak256(abi.encode(pci, token, periodIndex));
    }
}
