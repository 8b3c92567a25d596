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
    }

    struct Evaluation {
        uint128 chapterId;
        uint8 hashCode;
        uint8 hashSize;
        bytes32 hashDigest;
        bool exists;
    }

    struct Info {
        string eventName;
        uint8 infoType;
        uint8 hashCode;
        uint8 hashSize;
        bytes32 hashDigest;
        address sender;
    }

    address public partyAdmin;
    address public chapterAdmin;
    address public evaluationMinter;
    address public infoSender;

    /// Number of chapters ever added; chapter ids run from 1 to chapterCount.
    uint128 public chapterCount;
    mapping(uint128 chapterId => Chapter) public chapters;

    /// Chapter of a member, 0 when the account is in no chapter.
    mapping(address account => uint128 chapterId) public memberChapter;
    mapping(address account => bool) public partyMember;

    /// Chapter of a pending application, 0 when there is none.
    mapping(address account => uint128 chapterId) public applicationChapter;
    /// Counts an account's applications; recommendations belong to one application (round).
    mapping(address account => uint64) public applicationRound;
    mapping(address applicant => mapping(address recommender => uint64 round)) private recommendedInRound;
    /// Recommendations of the account's pending application.
    mapping(address applicant => uint32) public recommendationCount;

    /// Chapter an account is an executive of, 0 when none.
    mapping(address account => uint128 chapterId) public chapterExecutiveOf;
    mapping(address account => bool) public partyExecutive;
    mapping(uint128 chapterId => address) public centralCommitteeMember;

    uint256 public evaluationCount;
    mapping(uint256 evaluationId => Evaluation) public evaluations;
    mapping(uint256 evaluationId => mapping(address voter => int8)) public votes;
    mapping(uint256 evaluationId => mapping(address voter => bool)) public hasVoted;
    mapping(uint256 evaluationId => int8) public partyExecutiveScore;
    mapping(uint256 evaluationId => bool) public hasPartyExecutiveScore;

    uint256 public infoCount;
    mapping(uint256 infoId => Info) public infos;

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
        if (msg.sender != partyAdmin) revert NotAnAdmin();
    }

    // ----------------------------------------------------------------------------------------
    // Modifiers
    // ----------------------------------------------------------------------------------------
    modifier onlyRole(address holder) {
        if (msg.sender != holder) revert NotAnAdmin();
        _;
    }

    modifier onlyPartyExecutive() {
        if (!partyExecutive[msg.sender]) revert NotAnExecutive();
        _;
    }

    // ----------------------------------------------------------------------------------------
    // Role holders (party admin only)
    // ----------------------------------------------------------------------------------------
    function setPartyAdmin(address holder) external onlyRole(partyAdmin) {
        _setRole(Role.PartyAdmin, holder);
    }

    function setChapterAdmin(address holder) external onlyRole(partyAdmin) {
        _setRole(Role.ChapterAdmin, holder);
    }

    function setEvaluationMinter(address holder) external onlyRole(partyAdmin) {
        _setRole(Role.EvaluationMinter, holder);
    }

    function setInfoSender(address holder) external onlyRole(partyAdmin) {
        _setRole(Role.InfoSender, holder);
    }

    function _setRole(Role role, address holder) private {
        if (holder == address(0)) revert InvalidInput();
        if (role == Role.PartyAdmin) partyAdmin = holder;
        else if (role == Role.ChapterAdmin) chapterAdmin = holder;
        else if (role == Role.EvaluationMinter) evaluationMinter = holder;
        else infoSender = holder;
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
    ) external onlyRole(chapterAdmin) {
        uint256 n = locations.length;
        if (n == 0 || applicants.length != n || xs.length != n || ys.length != n) revert InvalidInput();
        for (uint256 i = 0; i < n; i++) {
            if (locations[i] == bytes32(0)) revert InvalidInput();
            uint128 chapterId = ++chapterCount;
            chapters[chapterId] = Chapter(locations[i], xs[i], ys[i], true, 0);
            emit ChapterAdded(chapterId, locations[i], xs[i], ys[i], msg.sender);
            for (uint256 j = 0; j < applicants[i].length; j++) {
                address account = applicants[i][j];
                if (account == address(0)) revert InvalidInput();
                if (memberChapter[account] != 0) revert AlreadyJoined();
                if (applicationChapter[account] != 0) revert AlreadyApplied();
                _joinChapter(account, chapterId);
            }
        }
    }

    function updateChapterLocation(uint128 chapterId, bytes32 location, uint16 x, uint16 y)
        external
        onlyRole(chapterAdmin)
    {
        Chapter storage chapter = _chapter(chapterId);
        if (location == bytes32(0)) revert InvalidInput();
        chapter.location = location;
        chapter.x = x;
        chapter.y = y;
        emit ChapterLocationUpdated(chapterId, location, x, y, msg.sender);
    }

    /// @notice Removes an empty chapter. Members must leave or be removed first, so that no
    /// member, executive or central committee seat is left pointing at a removed chapter.
    function removeChapter(uint128 chapterId) external onlyRole(chapterAdmin) {
        Chapter storage chapter = _chapter(chapterId);
        if (chapter.memberCount != 0) revert InvalidInput();
        delete chapters[chapterId];
        emit ChapterRemoved(chapterId, msg.sender);
    }

    function setCentralCommitteeMember(uint128 chapterId, address account) external onlyRole(chapterAdmin) {
        _chapter(chapterId);
        if (account != address(0) && memberChapter[account] != chapterId) revert NotAMember();
        centralCommitteeMember[chapterId] = account;
        emit CentralCommitteeMemberSet(chapterId, account, msg.sender);
    }

    // ----------------------------------------------------------------------------------------
    // Applications
    // ----------------------------------------------------------------------------------------
    /// @notice Applies to a chapter. A pending application to a chapter that has since been removed
    /// is closed (rejected, by nobody) so that it never blocks the applicant.
    function applyForChapterMembership(uint128 chapterId) external {
        _chapter(chapterId);
        if (memberChapter[msg.sender] != 0) revert AlreadyJoined();
        uint128 pending = applicationChapter[msg.sender];
        if (pending != 0) {
            if (chapters[pending].exists) revert AlreadyApplied();
            emit ApplicationDecided(msg.sender, pending, false, address(0));
        }
        applicationChapter[msg.sender] = chapterId;
        applicationRound[msg.sender] += 1;
        recommendationCount[msg.sender] = 0;
        emit Applied(msg.sender, chapterId);
    }

    /// @notice Whether `recommender` recommended the account's pending application.
    function recommended(address applicant, address recommender) public view returns (bool) {
        return applicationChapter[applicant] != 0 && recommendedInRound[applicant][recommender] == applicationRound[applicant];
    }

    /// @notice A chapter member recommends several applicants to their own chapter.
    function recommendForChapterMembership(address[] calldata accounts) external {
        uint128 chapterId = memberChapter[msg.sender];
        if (chapterId == 0) revert NotAMember();
        if (accounts.length == 0) revert InvalidInput();
        for (uint256 i = 0; i < accounts.length; i++) {
            address account = accounts[i];
            if (applicationChapter[account] != chapterId) revert HasNotApplied();
            if (recommended(account, msg.sender)) revert InvalidInput();
            recommendedInRound[account][msg.sender] = applicationRound[account];
            recommendationCount[account] += 1;
            emit Recommended(account, chapterId, msg.sender);
        }
    }

    /// @notice An executive of the applied-to chapter, or a party executive, decides an application.
    function updateMemberApplicationForChapter(address account, bool approved) external {
        uint128 chapterId = applicationChapter[account];
        if (chapterId == 0) revert HasNotApplied();
        if (chapterExecutiveOf[msg.sender] != chapterId && !partyExecutive[msg.sender]) revert NotAnExecutive();
        // An application to a chapter removed since can still be rejected, never approved.
        if (approved) _chapter(chapterId);
        delete applicationChapter[account];
        delete recommendationCount[account];
        emit ApplicationDecided(account, chapterId, approved, msg.sender);
        if (approved) _joinChapter(account, chapterId);
    }

    // ----------------------------------------------------------------------------------------
    // Membership
    // ----------------------------------------------------------------------------------------
    function addMemberToParty(address[] calldata accounts) external onlyPartyExecutive {
        if (accounts.length == 0) revert InvalidInput();
        for (uint256 i = 0; i < accounts.length; i++) {
            address account = accounts[i];
            if (account == address(0)) revert InvalidInput();
            if (partyMember[account]) revert AlreadyJoined();
            partyMember[account] = true;
            emit JoinedParty(account, msg.sender);
        }
    }

    function leaveChapter() external {
        uint128 chapterId = memberChapter[msg.sender];
        if (chapterId == 0) revert NotAMember();
        _dropFromChapter(msg.sender, chapterId, msg.sender);
        emit LeftChapter(msg.sender, chapterId);
    }

    function leaveParty() external {
        if (!partyMember[msg.sender]) revert NotAMember();
        _dropFromParty(msg.sender, msg.sender);
        emit LeftParty(msg.sender);
    }

    /// @notice An executive of the member's chapter, or a party executive, removes a member.
    function removeMemberFromChapter(address account) external {
        uint128 chapterId = memberChapter[account];
        if (chapterId == 0) revert NotAMember();
        if (chapterExecutiveOf[msg.sender] != chapterId && !partyExecutive[msg.sender]) revert NotAnExecutive();
        _dropFromChapter(account, chapterId, msg.sender);
        emit RemovedFromChapter(account, chapterId, msg.sender);
    }

    function removeMemberFromParty(address account) external onlyPartyExecutive {
        if (!partyMember[account]) revert NotAMember();
        _dropFromParty(account, msg.sender);
        emit RemovedFromParty(account, msg.sender);
    }

    // ----------------------------------------------------------------------------------------
    // Executives
    // ----------------------------------------------------------------------------------------
    function promoteChapterExecutive(address account, uint128 chapterId) external onlyPartyExecutive {
        _chapter(chapterId);
        if (memberChapter[account] != chapterId) revert NotAMember();
        if (chapterExecutiveOf[account] == chapterId) revert InvalidInput();
        chapterExecutiveOf[account] = chapterId;
        emit ChapterExecutivePromoted(account, chapterId, msg.sender);
    }

    function demoteChapterExecutive(address account, uint128 chapterId) external onlyPartyExecutive {
        if (chapterId == 0 || chapterExecutiveOf[account] != chapterId) revert NotAnExecutive();
        delete chapterExecutiveOf[account];
        emit ChapterExecutiveDemoted(account, chapterId, msg.sender);
    }

    function promotePartyExecutive(address account) external onlyRole(partyAdmin) {
        if (!partyMember[account]) revert NotAMember();
        if (partyExecutive[account]) revert InvalidInput();
        partyExecutive[account] = true;
        emit PartyExecutivePromoted(account, msg.sender);
    }

    function demotePartyExecutive(address account) external onlyRole(partyAdmin) {
        if (!partyExecutive[account]) revert NotAnExecutive();
        delete partyExecutive[account];
        emit PartyExecutiveDemoted(account, msg.sender);
    }

    // ----------------------------------------------------------------------------------------
    // Evaluations and votes
    // ----------------------------------------------------------------------------------------
    /// @notice Mints an evaluation of a chapter; the content identifier is a multihash
    /// (hashCode, hashSize, hashDigest), e.g. 0x12, 0x20, sha2-256 digest for a CIDv0.
    function mintEvaluation(uint128 chapterId, uint8 hashCode, uint8 hashSize, bytes32 hashDigest)
        external
        onlyRole(evaluationMinter)
        returns (uint256 evaluationId)
    {
        _chapter(chapterId);
        if (hashSize == 0 || hashSize > 32 || hashDigest == bytes32(0)) revert InvalidInput();
        evaluationId = ++evaluationCount;
        evaluations[evaluationId] = Evaluation(chapterId, hashCode, hashSize, hashDigest, true);
        emit EvaluationMinted(evaluationId, chapterId, hashCode, hashSize, hashDigest, msg.sender);
    }

    /// @notice Members of the evaluated chapter vote; a party executive's vote is the evaluation's
    /// party-executive score (one per evaluation, the latest wins). A second vote replaces the first.
    function vote(uint256 evaluationId, int8 score) external {
        Evaluation storage evaluation = evaluations[evaluationId];
        if (!evaluation.exists) revert NotAnEvaluation();
        if (partyExecutive[msg.sender]) {
            partyExecutiveScore[evaluationId] = score;
            hasPartyExecutiveScore[evaluationId] = true;
            emit PartyExecutiveScoreSet(evaluationId, msg.sender, score);
            return;
        }
        if (memberChapter[msg.sender] != evaluation.chapterId) revert NotAMember();
        votes[evaluationId][msg.sender] = score;
        hasVoted[evaluationId][msg.sender] = true;
        emit VoteCast(evaluationId, msg.sender, score);
    }

    // ----------------------------------------------------------------------------------------
    // Info messages
    // ----------------------------------------------------------------------------------------
    function sendInfo(string calldata eventName, uint8 infoType, uint8 hashCode, uint8 hashSize, bytes32 hashDigest)
        external
        onlyRole(infoSender)
        returns (uint256 infoId)
    {
        if (bytes(eventName).length == 0 || bytes(eventName).length > 64) revert InvalidInput();
        if (hashSize == 0 || hashSize > 32 || hashDigest == bytes32(0)) revert InvalidInput();
        infoId = ++infoCount;
        infos[infoId] = Info(eventName, infoType, hashCode, hashSize, hashDigest, msg.sender);
        emit InfoSent(infoId, eventName, infoType, hashCode, hashSize, hashDigest, msg.sender);
    }

    // ----------------------------------------------------------------------------------------
    // Internals
    // ----------------------------------------------------------------------------------------
    function _chapter(uint128 chapterId) private view returns (Chapter storage chapter) {
        chapter = chapters[chapterId];
        if (!chapter.exists) revert NotAChapter();
    }

    /// Joining a chapter makes the account a party member too.
    function _joinChapter(address account, uint128 chapterId) private {
        memberChapter[account] = chapterId;
        chapters[chapterId].memberCount += 1;
        emit JoinedChapter(account, chapterId, msg.sender);
        if (!partyMember[account]) {
            partyMember[account] = true;
            emit JoinedParty(account, msg.sender);
        }
    }

    /// Leaving a chapter also gives up the chapter's executive role and central committee seat.
    function _dropFromChapter(address account, uint128 chapterId, address by) private {
        delete memberChapter[account];
        chapters[chapterId].memberCount -= 1;
        if (chapterExecutiveOf[account] == chapterId) {
            delete chapterExecutiveOf[account];
            emit ChapterExecutiveDemoted(account, chapterId, by);
        }
        if (centralCommitteeMember[chapterId] == account) {
            delete centralCommitteeMember[chapterId];
            emit CentralCommitteeMemberSet(chapterId, address(0), by);
        }
    }

    /// Leaving the party also leaves the chapter and gives up the party executive role.
    function _dropFromParty(address account, address by) private {
        uint128 chapterId = memberChapter[account];
        if (chapterId != 0) {
            _dropFromChapter(account, chapterId, by);
            if (by == account) emit LeftChapter(account, chapterId);
            else emit RemovedFromChapter(account, chapterId, by);
        }
        if (partyExecutive[account]) {
            delete partyExecutive[account];
            emit PartyExecutiveDemoted(account, by);
        }
        delete partyMember[account];
    }
}
