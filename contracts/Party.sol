// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts-upgradeable/proxy/utils/UUPSUpgradeable.sol";

/// @title Party
/// @notice Membership, chapters, roles, evaluations and votes of a party with local chapters.
/// @dev Written from the product specification (the original source is not public). Every state
/// change emits an event that carries everything needed to rebuild the state from logs alone, so
/// the indexer never reads storage. The permission table is in the README ("Who may call what").
contract Party is Initializable, UUPSUpgradeable {
    // ----------------------------------------------------------------------------------------
    // Errors (SPEC section 8)
    // ----------------------------------------------------------------------------------------
    error AlreadyApplied();
    error AlreadyJoined();
    error HasNotApplied();
    error InvalidInput();
    error NotAChapter();
    error NotAMember();
    error NotAnAdmin();
    error NotAnEvaluation();
    error NotAnExecutive();

    // ----------------------------------------------------------------------------------------
    // Types and state (SPEC section 3)
    // ----------------------------------------------------------------------------------------
    enum Role {
        PartyAdmin,
        ChapterAdmin,
        EvaluationMinter,
        InfoSender
    }

    struct Chapter {
        bytes32 location;
        uint16 x;
        uint16 y;
        bool exists;
        uint64 memberCount;
        uint64 pendingApplicationCount;
    }

    struct Evaluation {
        uint128 chapterId;
        uint8 hashCode;
        uint8 hashSize;
        bytes32 hashDigest;
        bool exists;
        /// The tally: every member vote ever cast, each voter's latest (docs/permissions.md).
        uint64 voteCount;
        int128 scoreSum;
    }

    struct Info {
        string eventName;
        uint8 infoType;
        uint8 hashCode;
        uint8 hashSize;
        bytes32 hashDigest;
        address sender;
    }

    /// All state, in one ERC-7201 namespace (as OpenZeppelin's upgradeable parents keep theirs), so
    /// that neither a parent nor a later version can land on it by declaring a variable. A new
    /// version appends members at the end and never moves, retypes or drops one:
    /// tests/contracts/storage-layout.test.ts holds it to contracts/Party.storage-layout.json.
    /// @custom:storage-location erc7201:party.storage.Party
    struct PartyStorage {
        address partyAdmin;
        address chapterAdmin;
        address evaluationMinter;
        address infoSender;
        /// Proposed by the party admin, becomes party admin on accepting; zero when none.
        address pendingPartyAdmin;
        /// Number of chapters ever added; chapter ids run from 1 to chapterCount.
        uint128 chapterCount;
        mapping(uint128 chapterId => Chapter) chapters;
        /// Chapter of a member, 0 when the account is in no chapter.
        mapping(address account => uint128 chapterId) memberChapter;
        mapping(address account => bool) partyMember;
        /// Chapter of the account's last application; pending only while that chapter exists and
        /// until it is decided (see _pendingChapter).
        mapping(address account => uint128 chapterId) applicationChapter;
        /// Counts an account's applications; recommendations belong to one application (round).
        mapping(address account => uint64) applicationRound;
        mapping(address applicant => mapping(address recommender => uint64 round)) recommendedInRound;
        mapping(address applicant => uint32) recommendationCount;
        /// Pending applications party-wide; each chapter counts its own.
        uint256 pendingApplicationCount;
        /// Chapter an account is an executive of, 0 when none.
        mapping(address account => uint128 chapterId) chapterExecutiveOf;
        mapping(address account => bool) partyExecutive;
        mapping(uint128 chapterId => address) centralCommitteeMember;
        uint256 evaluationCount;
        mapping(uint256 evaluationId => Evaluation) evaluations;
        mapping(uint256 evaluationId => mapping(address voter => int8)) votes;
        mapping(uint256 evaluationId => mapping(address voter => bool)) hasVoted;
        mapping(uint256 evaluationId => int8) partyExecutiveScore;
        mapping(uint256 evaluationId => bool) hasPartyExecutiveScore;
        uint256 infoCount;
        mapping(uint256 infoId => Info) infos;
    }

    // keccak256(abi.encode(uint256(keccak256("party.storage.Party")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant PARTY_STORAGE_LOCATION = 0xfb2a241e684a7071891d2b09b697cd018985611b40638b4eb8511c9d66bcc200;

    function _party() private pure returns (PartyStorage storage $) {
        assembly {
            $.slot := PARTY_STORAGE_LOCATION
        }
    }

    // ----------------------------------------------------------------------------------------
    // Events: one per state change
    // ----------------------------------------------------------------------------------------
    event ChapterAdded(uint128 indexed chapterId, bytes32 location, uint16 x, uint16 y, address indexed by);
    event ChapterLocationUpdated(uint128 indexed chapterId, bytes32 location, uint16 x, uint16 y, address indexed by);
    event ChapterRemoved(uint128 indexed chapterId, address indexed by);

    event Applied(address indexed account, uint128 indexed chapterId);
    event Recommended(address indexed account, uint128 indexed chapterId, address indexed by);
    event ApplicationDecided(address indexed account, uint128 indexed chapterId, bool approved, address indexed by);

    event JoinedChapter(address indexed account, uint128 indexed chapterId, address indexed by);
    event LeftChapter(address indexed account, uint128 indexed chapterId);
    event RemovedFromChapter(address indexed account, uint128 indexed chapterId, address indexed by);

    event JoinedParty(address indexed account, address indexed by);
    event LeftParty(address indexed account);
    event RemovedFromParty(address indexed account, address indexed by);

    event ChapterExecutivePromoted(address indexed account, uint128 indexed chapterId, address indexed by);
    event ChapterExecutiveDemoted(address indexed account, uint128 indexed chapterId, address indexed by);
    event PartyExecutivePromoted(address indexed account, address indexed by);
    event PartyExecutiveDemoted(address indexed account, address indexed by);
    event CentralCommitteeMemberSet(uint128 indexed chapterId, address indexed account, address indexed by);

    event EvaluationMinted(
        uint256 indexed evaluationId,
        uint128 indexed chapterId,
        uint8 hashCode,
        uint8 hashSize,
        bytes32 hashDigest,
        address indexed by
    );
    event VoteCast(uint256 indexed evaluationId, address indexed voter, int8 score);
    event PartyExecutiveScoreSet(uint256 indexed evaluationId, address indexed executive, int8 score);

    event InfoSent(
        uint256 indexed infoId,
        string eventName,
        uint8 indexed infoType,
        uint8 hashCode,
        uint8 hashSize,
        bytes32 hashDigest,
        address indexed sender
    );

    event RoleHolderSet(Role indexed role, address indexed holder, address indexed by);
    /// The party admin proposes `account` as the next party admin (see acceptPartyAdmin).
    event PartyAdminProposed(address indexed account, address indexed by);

    // ----------------------------------------------------------------------------------------
    // Set-up and upgrades
    // ----------------------------------------------------------------------------------------
    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Makes `admin` the holder of every role. Callable once, through the proxy.
    function initialize(address admin) external initializer {
        if (admin == address(0)) revert InvalidInput();
        _setRole(Role.PartyAdmin, admin);
        _setRole(Role.ChapterAdmin, admin);
        _setRole(Role.EvaluationMinter, admin);
        _setRole(Role.InfoSender, admin);
    }

    function _authorizeUpgrade(address) internal view override {
        if (msg.sender != _party().partyAdmin) revert NotAnAdmin();
    }

    // ----------------------------------------------------------------------------------------
    // Modifiers
    // ----------------------------------------------------------------------------------------
    modifier onlyRole(address holder) {
        if (msg.sender != holder) revert NotAnAdmin();
        _;
    }

    modifier onlyPartyExecutive() {
        if (!_party().partyExecutive[msg.sender]) revert NotAnExecutive();
        _;
    }

    // ----------------------------------------------------------------------------------------
    // Role holders (party admin only)
    // ----------------------------------------------------------------------------------------
    /// @notice Proposes the next party admin, who takes over on calling acceptPartyAdmin (two steps,
    /// as OpenZeppelin's Ownable2Step, so a mistyped address never gets the role). A new proposal
    /// replaces a pending one.
    function setPartyAdmin(address account) external onlyRole(_party().partyAdmin) {
        if (account == address(0)) revert InvalidInput();
        _party().pendingPartyAdmin = account;
        emit PartyAdminProposed(account, msg.sender);
    }

    /// @notice The proposed party admin takes the role over.
    function acceptPartyAdmin() external {
        PartyStorage storage $ = _party();
        if (msg.sender != $.pendingPartyAdmin) revert NotAnAdmin();
        delete $.pendingPartyAdmin;
        _setRole(Role.PartyAdmin, msg.sender);
    }

    function setChapterAdmin(address holder) external onlyRole(_party().partyAdmin) {
        _setRole(Role.ChapterAdmin, holder);
    }

    function setEvaluationMinter(address holder) external onlyRole(_party().partyAdmin) {
        _setRole(Role.EvaluationMinter, holder);
    }

    function setInfoSender(address holder) external onlyRole(_party().partyAdmin) {
        _setRole(Role.InfoSender, holder);
    }

    function _setRole(Role role, address holder) private {
        if (holder == address(0)) revert InvalidInput();
        PartyStorage storage $ = _party();
        if (role == Role.PartyAdmin) $.partyAdmin = holder;
        else if (role == Role.ChapterAdmin) $.chapterAdmin = holder;
        else if (role == Role.EvaluationMinter) $.evaluationMinter = holder;
        else $.infoSender = holder;
        emit RoleHolderSet(role, holder, msg.sender);
    }

    // ----------------------------------------------------------------------------------------
    // Chapters (chapter admin)
    // ----------------------------------------------------------------------------------------
    /// @notice Adds several chapters at once, each with its founding applicants, who join it.
    /// @dev Parallel arrays: one entry per chapter. Empty or mismatched arrays revert.
    function addChapterToParty(
        address[][] calldata applicants,
        bytes32[] calldata locations,
        uint16[] calldata xs,
        uint16[] calldata ys
    ) external onlyRole(_party().chapterAdmin) {
        PartyStorage storage $ = _party();
        uint256 n = locations.length;
        if (n == 0 || applicants.length != n || xs.length != n || ys.length != n) revert InvalidInput();
        for (uint256 i = 0; i < n; i++) {
            if (locations[i] == bytes32(0)) revert InvalidInput();
            uint128 chapterId = ++$.chapterCount;
            $.chapters[chapterId] = Chapter(locations[i], xs[i], ys[i], true, 0, 0);
            emit ChapterAdded(chapterId, locations[i], xs[i], ys[i], msg.sender);
            for (uint256 j = 0; j < applicants[i].length; j++) {
                address account = applicants[i][j];
                if (account == address(0)) revert InvalidInput();
                if ($.memberChapter[account] != 0) revert AlreadyJoined();
                if (_pendingChapter(account) != 0) revert AlreadyApplied();
                _joinChapter(account, chapterId);
            }
        }
    }

    function updateChapterLocation(uint128 chapterId, bytes32 location, uint16 x, uint16 y)
        external
        onlyRole(_party().chapterAdmin)
    {
        Chapter storage chapter = _chapter(chapterId);
        if (location == bytes32(0)) revert InvalidInput();
        chapter.location = location;
        chapter.x = x;
        chapter.y = y;
        emit ChapterLocationUpdated(chapterId, location, x, y, msg.sender);
    }

    /// @notice Removes an empty chapter and closes its pending applications. Members must leave or
    /// be removed first, so that no member, executive or central committee seat is left pointing at
    /// a removed chapter.
    /// @dev The applications are closed all at once, without a loop: an application counts as
    /// pending only while its chapter exists (_pendingChapter), and ChapterRemoved is their closing
    /// event. A loop would let anyone make the removal too expensive by applying.
    function removeChapter(uint128 chapterId) external onlyRole(_party().chapterAdmin) {
        PartyStorage storage $ = _party();
        Chapter storage chapter = _chapter(chapterId);
        if (chapter.memberCount != 0) revert InvalidInput();
        $.pendingApplicationCount -= chapter.pendingApplicationCount;
        delete $.chapters[chapterId];
        emit ChapterRemoved(chapterId, msg.sender);
    }

    function setCentralCommitteeMember(uint128 chapterId, address account) external onlyRole(_party().chapterAdmin) {
        _chapter(chapterId);
        if (account != address(0) && _party().memberChapter[account] != chapterId) revert NotAMember();
        _party().centralCommitteeMember[chapterId] = account;
        emit CentralCommitteeMemberSet(chapterId, account, msg.sender);
    }

    // ----------------------------------------------------------------------------------------
    // Applications
    // ----------------------------------------------------------------------------------------
    /// @notice Applies to a chapter. An application that its chapter's removal closed does not
    /// block the applicant.
    function applyForChapterMembership(uint128 chapterId) external {
        PartyStorage storage $ = _party();
        Chapter storage chapter = _chapter(chapterId);
        if ($.memberChapter[msg.sender] != 0) revert AlreadyJoined();
        if (_pendingChapter(msg.sender) != 0) revert AlreadyApplied();
        $.applicationChapter[msg.sender] = chapterId;
        $.applicationRound[msg.sender] += 1;
        $.recommendationCount[msg.sender] = 0;
        chapter.pendingApplicationCount += 1;
        $.pendingApplicationCount += 1;
        emit Applied(msg.sender, chapterId);
    }

    /// @notice A chapter member recommends several applicants to their own chapter.
    function recommendForChapterMembership(address[] calldata accounts) external {
        PartyStorage storage $ = _party();
        uint128 chapterId = $.memberChapter[msg.sender];
        if (chapterId == 0) revert NotAMember();
        if (accounts.length == 0) revert InvalidInput();
        for (uint256 i = 0; i < accounts.length; i++) {
            address account = accounts[i];
            if (_pendingChapter(account) != chapterId) revert HasNotApplied();
            if (recommended(account, msg.sender)) revert InvalidInput();
            $.recommendedInRound[account][msg.sender] = $.applicationRound[account];
            $.recommendationCount[account] += 1;
            emit Recommended(account, chapterId, msg.sender);
        }
    }

    /// @notice An executive of the applied-to chapter, or a party executive, decides an application.
    function updateMemberApplicationForChapter(address account, bool approved) external {
        PartyStorage storage $ = _party();
        uint128 chapterId = _pendingChapter(account);
        if (chapterId == 0) revert HasNotApplied();
        if ($.chapterExecutiveOf[msg.sender] != chapterId && !$.partyExecutive[msg.sender]) revert NotAnExecutive();
        _closeApplication(account, chapterId, approved, msg.sender);
        if (approved) _joinChapter(account, chapterId);
    }

    // ----------------------------------------------------------------------------------------
    // Membership
    // ----------------------------------------------------------------------------------------
    function addMemberToParty(address[] calldata accounts) external onlyPartyExecutive {
        PartyStorage storage $ = _party();
        if (accounts.length == 0) revert InvalidInput();
        for (uint256 i = 0; i < accounts.length; i++) {
            address account = accounts[i];
            if (account == address(0)) revert InvalidInput();
            if ($.partyMember[account]) revert AlreadyJoined();
            $.partyMember[account] = true;
            emit JoinedParty(account, msg.sender);
        }
    }

    function leaveChapter() external {
        uint128 chapterId = _party().memberChapter[msg.sender];
        if (chapterId == 0) revert NotAMember();
        _dropFromChapter(msg.sender, chapterId, msg.sender);
        emit LeftChapter(msg.sender, chapterId);
    }

    function leaveParty() external {
        if (!_party().partyMember[msg.sender]) revert NotAMember();
        _dropFromParty(msg.sender, msg.sender);
        emit LeftParty(msg.sender);
    }

    /// @notice Removes a member from their chapter, by rank: an executive of the chapter removes
    /// plain members, a party executive also chapter executives. Party executives and the
    /// chapter's central committee member are removable only once demoted or unseated.
    function removeMemberFromChapter(address account) external {
        PartyStorage storage $ = _party();
        uint128 chapterId = $.memberChapter[account];
        if (chapterId == 0) revert NotAMember();
        bool byPartyExecutive = $.partyExecutive[msg.sender];
        if ($.chapterExecutiveOf[msg.sender] != chapterId && !byPartyExecutive) revert NotAnExecutive();
        _checkRemovable(account, chapterId);
        if (!byPartyExecutive && $.chapterExecutiveOf[account] == chapterId) revert NotAnExecutive();
        _dropFromChapter(account, chapterId, msg.sender);
        emit RemovedFromChapter(account, chapterId, msg.sender);
    }

    /// @notice A party executive removes a member below party executive from the party (and their
    /// chapter), closing their pending application.
    function removeMemberFromParty(address account) external onlyPartyExecutive {
        PartyStorage storage $ = _party();
        if (!$.partyMember[account]) revert NotAMember();
        _checkRemovable(account, $.memberChapter[account]);
        _dropFromParty(account, msg.sender);
        emit RemovedFromParty(account, msg.sender);
    }

    // ----------------------------------------------------------------------------------------
    // Executives
    // ----------------------------------------------------------------------------------------
    function promoteChapterExecutive(address account, uint128 chapterId) external onlyPartyExecutive {
        PartyStorage storage $ = _party();
        _chapter(chapterId);
        if ($.memberChapter[account] != chapterId) revert NotAMember();
        if ($.chapterExecutiveOf[account] == chapterId) revert InvalidInput();
        $.chapterExecutiveOf[account] = chapterId;
        emit ChapterExecutivePromoted(account, chapterId, msg.sender);
    }

    function demoteChapterExecutive(address account, uint128 chapterId) external onlyPartyExecutive {
        PartyStorage storage $ = _party();
        if (chapterId == 0 || $.chapterExecutiveOf[account] != chapterId) revert NotAnExecutive();
        delete $.chapterExecutiveOf[account];
        emit ChapterExecutiveDemoted(account, chapterId, msg.sender);
    }

    function promotePartyExecutive(address account) external onlyRole(_party().partyAdmin) {
        PartyStorage storage $ = _party();
        if (!$.partyMember[account]) revert NotAMember();
        if ($.partyExecutive[account]) revert InvalidInput();
        $.partyExecutive[account] = true;
        emit PartyExecutivePromoted(account, msg.sender);
    }

    function demotePartyExecutive(address account) external onlyRole(_party().partyAdmin) {
        PartyStorage storage $ = _party();
        if (!$.partyExecutive[account]) revert NotAnExecutive();
        delete $.partyExecutive[account];
        emit PartyExecutiveDemoted(account, msg.sender);
    }

    // ----------------------------------------------------------------------------------------
    // Evaluations and votes
    // ----------------------------------------------------------------------------------------
    /// @notice Mints an evaluation of a chapter; the content identifier is a multihash
    /// (hashCode, hashSize, hashDigest), e.g. 0x12, 0x20, sha2-256 digest for a CIDv0.
    function mintEvaluation(uint128 chapterId, uint8 hashCode, uint8 hashSize, bytes32 hashDigest)
        external
        onlyRole(_party().evaluationMinter)
        returns (uint256 evaluationId)
    {
        PartyStorage storage $ = _party();
        _chapter(chapterId);
        if (hashSize == 0 || hashSize > 32 || hashDigest == bytes32(0)) revert InvalidInput();
        evaluationId = ++$.evaluationCount;
        $.evaluations[evaluationId] = Evaluation(chapterId, hashCode, hashSize, hashDigest, true, 0, 0);
        emit EvaluationMinted(evaluationId, chapterId, hashCode, hashSize, hashDigest, msg.sender);
    }

    /// @notice Members of the evaluated chapter vote; a party executive's vote is the evaluation's
    /// party-executive score (one per evaluation, the latest wins). A second vote replaces the first.
    /// The tally counts every member vote ever cast, each voter's latest: a vote stays counted when
    /// its voter leaves, is removed or becomes a party executive.
    function vote(uint256 evaluationId, int8 score) external {
        PartyStorage storage $ = _party();
        Evaluation storage evaluation = $.evaluations[evaluationId];
        if (!evaluation.exists) revert NotAnEvaluation();
        if ($.partyExecutive[msg.sender]) {
            $.partyExecutiveScore[evaluationId] = score;
            $.hasPartyExecutiveScore[evaluationId] = true;
            emit PartyExecutiveScoreSet(evaluationId, msg.sender, score);
            return;
        }
        if ($.memberChapter[msg.sender] != evaluation.chapterId) revert NotAMember();
        if ($.hasVoted[evaluationId][msg.sender]) {
            evaluation.scoreSum -= $.votes[evaluationId][msg.sender];
        } else {
            $.hasVoted[evaluationId][msg.sender] = true;
            evaluation.voteCount += 1;
        }
        evaluation.scoreSum += score;
        $.votes[evaluationId][msg.sender] = score;
        emit VoteCast(evaluationId, msg.sender, score);
    }

    // ----------------------------------------------------------------------------------------
    // Info messages
    // ----------------------------------------------------------------------------------------
    function sendInfo(string calldata eventName, uint8 infoType, uint8 hashCode, uint8 hashSize, bytes32 hashDigest)
        external
        onlyRole(_party().infoSender)
        returns (uint256 infoId)
    {
        PartyStorage storage $ = _party();
        if (bytes(eventName).length == 0 || bytes(eventName).length > 64) revert InvalidInput();
        if (hashSize == 0 || hashSize > 32 || hashDigest == bytes32(0)) revert InvalidInput();
        infoId = ++$.infoCount;
        $.infos[infoId] = Info(eventName, infoType, hashCode, hashSize, hashDigest, msg.sender);
        emit InfoSent(infoId, eventName, infoType, hashCode, hashSize, hashDigest, msg.sender);
    }

    // ----------------------------------------------------------------------------------------
    // Getters (the namespaced storage has no automatic ones)
    // ----------------------------------------------------------------------------------------
    function partyAdmin() public view returns (address) {
        return _party().partyAdmin;
    }

    function chapterAdmin() external view returns (address) {
        return _party().chapterAdmin;
    }

    function evaluationMinter() external view returns (address) {
        return _party().evaluationMinter;
    }

    function infoSender() external view returns (address) {
        return _party().infoSender;
    }

    function pendingPartyAdmin() external view returns (address) {
        return _party().pendingPartyAdmin;
    }

    function chapterCount() external view returns (uint128) {
        return _party().chapterCount;
    }

    function chapters(uint128 chapterId)
        external
        view
        returns (bytes32 location, uint16 x, uint16 y, bool exists, uint64 memberCount)
    {
        Chapter storage chapter = _party().chapters[chapterId];
        return (chapter.location, chapter.x, chapter.y, chapter.exists, chapter.memberCount);
    }

    function memberChapter(address account) external view returns (uint128) {
        return _party().memberChapter[account];
    }

    function partyMember(address account) external view returns (bool) {
        return _party().partyMember[account];
    }

    /// @notice Chapter of the account's pending application, 0 when there is none.
    function applicationChapter(address account) external view returns (uint128) {
        return _pendingChapter(account);
    }

    function applicationRound(address account) external view returns (uint64) {
        return _party().applicationRound[account];
    }

    /// @notice Recommendations of the account's pending application.
    function recommendationCount(address applicant) external view returns (uint32) {
        return _pendingChapter(applicant) == 0 ? 0 : _party().recommendationCount[applicant];
    }

    /// @notice Whether `recommender` recommended the account's pending application.
    function recommended(address applicant, address recommender) public view returns (bool) {
        PartyStorage storage $ = _party();
        return _pendingChapter(applicant) != 0 && $.recommendedInRound[applicant][recommender] == $.applicationRound[applicant];
    }

    /// @notice Pending applications to a chapter (0 for a removed one).
    function pendingApplicationCount(uint128 chapterId) external view returns (uint64) {
        return _party().chapters[chapterId].pendingApplicationCount;
    }

    /// @notice Pending applications, party-wide.
    function totalPendingApplicationCount() external view returns (uint256) {
        return _party().pendingApplicationCount;
    }

    function chapterExecutiveOf(address account) external view returns (uint128) {
        return _party().chapterExecutiveOf[account];
    }

    function partyExecutive(address account) external view returns (bool) {
        return _party().partyExecutive[account];
    }

    function centralCommitteeMember(uint128 chapterId) external view returns (address) {
        return _party().centralCommitteeMember[chapterId];
    }

    function evaluationCount() external view returns (uint256) {
        return _party().evaluationCount;
    }

    function evaluations(uint256 evaluationId)
        external
        view
        returns (uint128 chapterId, uint8 hashCode, uint8 hashSize, bytes32 hashDigest, bool exists)
    {
        Evaluation storage e = _party().evaluations[evaluationId];
        return (e.chapterId, e.hashCode, e.hashSize, e.hashDigest, e.exists);
    }

    /// @notice The evaluation's tally: how many members voted (ever, each counted once) and the sum
    /// of their latest scores. The party-executive score is not part of it.
    function tally(uint256 evaluationId) external view returns (uint64 voteCount, int128 scoreSum) {
        Evaluation storage e = _party().evaluations[evaluationId];
        return (e.voteCount, e.scoreSum);
    }

    function votes(uint256 evaluationId, address voter) external view returns (int8) {
        return _party().votes[evaluationId][voter];
    }

    function hasVoted(uint256 evaluationId, address voter) external view returns (bool) {
        return _party().hasVoted[evaluationId][voter];
    }

    function partyExecutiveScore(uint256 evaluationId) external view returns (int8) {
        return _party().partyExecutiveScore[evaluationId];
    }

    function hasPartyExecutiveScore(uint256 evaluationId) external view returns (bool) {
        return _party().hasPartyExecutiveScore[evaluationId];
    }

    function infoCount() external view returns (uint256) {
        return _party().infoCount;
    }

    function infos(uint256 infoId)
        external
        view
        returns (string memory eventName, uint8 infoType, uint8 hashCode, uint8 hashSize, bytes32 hashDigest, address sender)
    {
        Info storage info = _party().infos[infoId];
        return (info.eventName, info.infoType, info.hashCode, info.hashSize, info.hashDigest, info.sender);
    }

    // ----------------------------------------------------------------------------------------
    // Internals
    // ----------------------------------------------------------------------------------------
    function _chapter(uint128 chapterId) private view returns (Chapter storage chapter) {
        chapter = _party().chapters[chapterId];
        if (!chapter.exists) revert NotAChapter();
    }

    /// The chapter of the account's pending application, 0 when none: an application is pending
    /// until it is decided or closed, and its chapter's removal closes it.
    function _pendingChapter(address account) private view returns (uint128 chapterId) {
        PartyStorage storage $ = _party();
        chapterId = $.applicationChapter[account];
        if (chapterId != 0 && !$.chapters[chapterId].exists) chapterId = 0;
    }

    /// Decides (or closes, rejected) a pending application; its recommendations go with it.
    function _closeApplication(address account, uint128 chapterId, bool approved, address by) private {
        PartyStorage storage $ = _party();
        delete $.applicationChapter[account];
        delete $.recommendationCount[account];
        $.chapters[chapterId].pendingApplicationCount -= 1;
        $.pendingApplicationCount -= 1;
        emit ApplicationDecided(account, chapterId, approved, by);
    }

    /// The rank rule's ceilings: nobody removes a party executive (the party admin demotes them
    /// first) or the chapter's central committee member (the chapter admin clears the seat first).
    function _checkRemovable(address account, uint128 chapterId) private view {
        PartyStorage storage $ = _party();
        if ($.partyExecutive[account]) revert NotAnAdmin();
        if (chapterId != 0 && $.centralCommitteeMember[chapterId] == account) revert NotAnAdmin();
    }

    /// Joining a chapter makes the account a party member too.
    function _joinChapter(address account, uint128 chapterId) private {
        PartyStorage storage $ = _party();
        $.memberChapter[account] = chapterId;
        $.chapters[chapterId].memberCount += 1;
        emit JoinedChapter(account, chapterId, msg.sender);
        if (!$.partyMember[account]) {
            $.partyMember[account] = true;
            emit JoinedParty(account, msg.sender);
        }
    }

    /// Leaving a chapter also gives up the chapter's executive role and central committee seat.
    function _dropFromChapter(address account, uint128 chapterId, address by) private {
        PartyStorage storage $ = _party();
        delete $.memberChapter[account];
        $.chapters[chapterId].memberCount -= 1;
        if ($.chapterExecutiveOf[account] == chapterId) {
            delete $.chapterExecutiveOf[account];
            emit ChapterExecutiveDemoted(account, chapterId, by);
        }
        if ($.centralCommitteeMember[chapterId] == account) {
            delete $.centralCommitteeMember[chapterId];
            emit CentralCommitteeMemberSet(chapterId, address(0), by);
        }
    }

    /// Leaving the party also closes a pending application (rejected, by whoever ends the
    /// membership), leaves the chapter and gives up the party executive role.
    function _dropFromParty(address account, address by) private {
        PartyStorage storage $ = _party();
        uint128 pending = _pendingChapter(account);
        if (pending != 0) _closeApplication(account, pending, false, by);
        uint128 chapterId = $.memberChapter[account];
        if (chapterId != 0) {
            _dropFromChapter(account, chapterId, by);
            if (by == account) emit LeftChapter(account, chapterId);
            else emit RemovedFromChapter(account, chapterId, by);
        }
        if ($.partyExecutive[account]) {
            delete $.partyExecutive[account];
            emit PartyExecutiveDemoted(account, by);
        }
        delete $.partyMember[account];
    }
}
