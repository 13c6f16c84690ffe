// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Multicall3 (Latch devnet build)
/// @notice Our own implementation of the widely used Multicall3 interface. It is placed at the
/// canonical address with anvil_setCode, so it must not depend on constructor state.
contract Multicall3 {
    struct Call {
        address target;
        bytes callData;
    }

    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Call3Value {
        address target;
        bool allowFailure;
        uint256 value;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// @notice Runs every call; reverts if any of them fails.
    function aggregate(Call[] calldata calls)
        public
        payable
        returns (uint256 blockNumber, bytes[] memory returnData)
    {
        blockNumber = block.number;
        returnData = new bytes[](calls.length);
        for (uint256 i = 0; i < calls.length; ++i) {
            (bool ok, bytes memory data) = calls[i].target.call(calls[i].callData);
            require(ok, 'Multicall3: call failed');
            returnData[i] = data;
        }
    }

    /// @notice Runs every call; reverts on a failure only when `requireSuccess` is set.
    function tryAggregate(bool requireSuccess, Call[] calldata calls)
        public
        payable
        returns (Result[] memory returnData)
    {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; ++i) {
            (bool ok, bytes memory data) = calls[i].target.call(calls[i].callData);
            if (requireSuccess) require(ok, 'Multicall3: call failed');
            returnData[i] = Result(ok, data);
        }
    }

    /// @notice Like tryAggregate, also returning the block number and hash.
    function tryBlockAndAggregate(bool requireSuccess, Call[] calldata calls)
        public
        payable
        returns (uint256 blockNumber, bytes32 blockHash, Result[] memory returnData)
    {
        blockNumber = block.number;
        blockHash = blockhash(block.number);
        returnData = tryAggregate(requireSuccess, calls);
    }

    /// @notice Like aggregate, with per-call results, the block number and hash.
    function blockAndAggregate(Call[] calldata calls)
        public
        payable
        returns (uint256 blockNumber, bytes32 blockHash, Result[] memory returnData)
    {
        (blockNumber, blockHash, returnData) = tryBlockAndAggregate(true, calls);
    }

    /// @notice Runs every call; each call says whether its failure is tolerated.
    function aggregate3(Call3[] calldata calls) public payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; ++i) {
            Call3 calldata item = calls[i];
            (bool ok, bytes memory data) = item.target.call(item.callData);
            require(ok || item.allowFailure, 'Multicall3: call failed');
            returnData[i] = Result(ok, data);
        }
    }

    /// @notice Like aggregate3, forwarding a value with each call; the values must add up to
    /// msg.value.
    function aggregate3Value(Call3Value[] calldata calls)
        public
        payable
        returns (Result[] memory returnData)
    {
        uint256 total = 0;
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; ++i) {
            Call3Value calldata item = calls[i];
            total += item.value;
            (bool ok, bytes memory data) = item.target.call{value: item.value}(item.callData);
            require(ok || item.allowFailure, 'Multicall3: call failed');
            returnData[i] = Result(ok, data);
        }
        require(msg.value == total, 'Multicall3: value mismatch');
    }

    function getBlockHash(uint256 blockNumber) public view returns (bytes32 blockHash) {
        blockHash = blockhash(blockNumber);
    }

    function getBlockNumber() public view returns (uint256 blockNumber) {
        blockNumber = block.number;
    }

    function getCurrentBlockCoinbase() public view returns (address coinbase) {
        coinbase = block.coinbase;
    }

    /// @notice Since the merge this is the beacon chain's randomness (PREVRANDAO).
    function getCurrentBlockDifficulty() public view returns (uint256 difficulty) {
        difficulty = block.prevrandao;
    }

    function getCurrentBlockGasLimit() public view returns (uint256 gaslimit) {
        gaslimit = block.gaslimit;
    }

    function getCurrentBlockTimestamp() public view returns (uint256 timestamp) {
        timestamp = block.timestamp;
    }

    function getEthBalance(address addr) public view returns (uint256 balance) {
        balance = addr.balance;
    }

    function getLastBlockHash() public view returns (bytes32 blockHash) {
        unchecked {
            blockHash = blockhash(block.number - 1);
        }
    }

    function getBasefee() public view returns (uint256 basefee) {
        basefee = block.basefee;
    }

    function getChainId() public view returns (uint256 chainid) {
        chainid = block.chainid;
    }
}
