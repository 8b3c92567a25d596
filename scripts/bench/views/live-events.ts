/**
 * A busy party's events for `npm run bench:views`' live phase: contract calls the contract would
 * accept in the read model's state, written to its tables as the indexer's handlers write them
 * (live-handlers.ts), each block in one transaction, after the read model's last block.
 *
 * The calls (MIX): a vote by a member of the evaluated chapter who is not a party executive (a
 * first vote, or a change of one this generator cast), an application by an account in no chapter
 * and with no pending application (half of them accounts the party has seen), a recommendation by
 * a member of the applied-to chapter who has not recommended that application yet, a decision by
 * the chapter's executive (else a party executive) on a pending application; approval joins the
 * chapter, and the party too for an account not in it yet. Chapters are drawn at random among
 * those where the call is possible.
 *
 *   const live = await LiveEvents.open(client, schema);
 *   const events = await live.next(3); // a block of three calls of the mix
 *
 * tests/scripts/live-events.test.ts replays the chosen calls on a chain indexed by the real
 * indexer and compares the two read models.
 */
import { randomBytes } from "node:crypto";
import type pg from "pg";
import { mulberry32 } from "../../lib/prng.js";
import { writeBlock, type Action, type ActionKind, type Block, type Hex, type Tables } from "./live-handlers.js";

/** How often each call comes during a vote: mostly votes (some changed), applications that get recommended and decided. */
export const MIX: readonly [ActionKind, number][] = [
  ["vote", 0.55],
  ["revote", 0.15],
  ["apply", 0.12],
  ["recommend", 0.1],
  ["approve", 0.06],
  ["reject", 0.02],
];

/** Votes this generator cast and may change. */
const RECENT_VOTES = 2000;

const hex = (bytes: number): Hex => `0x${randomBytes(bytes).toString("hex")}`;

export class LiveEvents {
  readonly #client: pg.Client;
  readonly #tables: Tables;
  readonly #S: string;
  readonly #random: () => number;
  #nextBlock: bigint;
  #lastTimestamp = 0n;
  readonly #recentVotes: { evaluationId: string; chapterId: string; voter: Hex }[] = [];

  private constructor(client: pg.Client, tables: Tables, random: () => number, nextBlock: bigint) {
    this.#client = client;
    this.#tables = tables;
    this.#S = tables.S;
    this.#random = random;
    this.#nextBlock = nextBlock;
  }

  /** A generator on `schema`'s tables (Ponder's, not the views); `seed` makes its choices repeatable in a given state. */
  static async open(client: pg.Client, schema: string, { seed = 1 }: { seed?: number } = {}): Promise<LiveEvents> {
    const S = `"${schema}"`;
    const reorg = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = $1 and table_name like '\\_reorg\\_\\_%' order by 1`,
      [schema],
    );
    const chain = await client.query<{ id: string }>(`select chain_id::text as id from ${S}._ponder_checkpoint order by chain_name limit 1`);
    const blockHash = await client.query(
      `select 1 from information_schema.columns where table_schema = $1 and table_name = 'activity' and column_name = 'block_hash'`,
      [schema],
    );
    const last = await client.query<{ block: string }>(`select (sort_key / 1048576)::bigint::text as block from ${S}.activity order by sort_key desc limit 1`);
    const tables = { S, reorgTables: reorg.rows.map((r) => r.name), chainId: chain.rows[0]?.id ?? "0", blockHashColumn: blockHash.rowCount === 1 };
    return new LiveEvents(client, tables, mulberry32(seed), BigInt(last.rows[0]?.block ?? "0") + 1n);
  }

  /**
   * A new block of `calls` calls of the mix (a vote, else an application, when the drawn kind has
   * no candidate), each chosen in the state the ones before it left; the number of events.
   */
  next(calls = 1): Promise<number> {
    return writeBlock(this.#client, this.#tables, this.#block(), async (write) => {
      for (let i = 0; i < calls; i++) {
        let draw = this.#random();
        const kind = MIX.find(([, share]) => (draw -= share) < 0)?.[0] ?? "vote";
        const action = (await this.choose(kind)) ?? (await this.choose("vote")) ?? (await this.choose("apply"));
        if (!action) throw new Error("live events: the read model has no chapter to apply to");
        await this.#written(write, action, hex(32));
      }
    });
  }

  /** A call of `kind` the contract accepts in the read model's state now; undefined when there is none. */
  async choose(kind: ActionKind): Promise<Action | undefined> {
    switch (kind) {
      case "vote": {
        const chapterId = this.#pick(await this.#chapters("member_count > 0 and evaluation_count > 0"));
        if (!chapterId) return undefined;
        const evaluations = await this.#client.query<{ id: string }>(`select id::text as id from ${this.#S}.evaluations where chapter_id = $1 order by id`, [chapterId]);
        const sender = await this.#member(chapterId, []);
        const evaluationId = this.#pick(evaluations.rows)?.id;
        return sender && evaluationId ? { kind, sender, evaluationId, chapterId, score: this.#score() } : undefined;
      }
      case "revote": {
        while (this.#recentVotes.length > 0) {
          const i = Math.floor(this.#random() * this.#recentVotes.length);
          const { evaluationId, chapterId, voter } = this.#recentVotes[i]!;
          const still = await this.#client.query(
            `select 1 from ${this.#S}.members where account = $1 and chapter_id = $2 and status = 'member' and not party_executive`,
            [voter, chapterId],
          );
          if (still.rowCount) return { kind, sender: voter, evaluationId, chapterId, score: this.#score() };
          this.#recentVotes.splice(i, 1);
        }
        return undefined;
      }
      case "apply": {
        const chapterId = this.#pick(await this.#chapters("true"));
        if (!chapterId) return undefined;
        // Half are accounts the party has seen (left a chapter, were rejected, party only), half new.
        const known = this.#random() < 0.5 ? await this.#fromAccount(`status <> 'member' and pending_application_id is null`, []) : undefined;
        return { kind, sender: known ?? this.#address(), chapterId };
      }
      case "recommend":
      case "approve":
      case "reject": {
        const chapterId = this.#pick(await this.#chapters(`pending_application_count > 0${kind === "recommend" ? " and member_count > 0" : ""}`));
        if (!chapterId) return undefined;
        const pending = await this.#client.query<{ account: Hex; recommenders: Hex[] }>(
          `select a.account, a.recommenders from ${this.#S}.applications a
           join ${this.#S}.members m on m.account = a.account and m.pending_application_id = a.id
           where a.chapter_id = $1 and a.status = 'applied' order by a.id`,
          [chapterId],
        );
        const application = this.#pick(pending.rows);
        if (!application) return undefined;
        const sender = kind === "recommend" ? await this.#member(chapterId, [application.account, ...application.recommenders]) : await this.#decider(chapterId);
        return sender ? { kind, sender, account: application.account, chapterId } : undefined;
      }
    }
  }

  /** Applies one call as the only transaction of `block` (a new one after the last unless given); the number of events. */
  apply(action: Action, block: Block = this.#block()): Promise<number> {
    return writeBlock(this.#client, this.#tables, block, (write) => this.#written(write, action, block.txHash));
  }

  async #written(write: (action: Action, txHash: Hex) => Promise<void>, action: Action, txHash: Hex) {
    await write(action, txHash);
    if (action.kind !== "vote" && action.kind !== "revote") return;
    this.#recentVotes.push({ evaluationId: action.evaluationId, chapterId: action.chapterId, voter: action.sender });
    if (this.#recentVotes.length > RECENT_VOTES) this.#recentVotes.shift();
  }

  /** A new block after the last one, stamped now. */
  #block(): Block {
    const now = BigInt(Math.floor(Date.now() / 1000));
    this.#lastTimestamp = now > this.#lastTimestamp ? now : this.#lastTimestamp;
    return { number: this.#nextBlock++, hash: hex(32), timestamp: this.#lastTimestamp, txHash: hex(32), logIndex: 0 };
  }

  /** Ids of the chapters that exist and match `where`. */
  async #chapters(where: string): Promise<string[]> {
    const { rows } = await this.#client.query<{ id: string }>(`select id::text as id from ${this.#S}.chapters where removed_block is null and ${where} order by id`);
    return rows.map((r) => r.id);
  }

  /** A member of the chapter who is not a party executive (the contract counts their vote as the party executive's score), not in `except`. */
  #member(chapterId: string, except: Hex[]): Promise<Hex | undefined> {
    return this.#fromAccount(`chapter_id = $2 and status = 'member' and not party_executive`, [chapterId], except);
  }

  /**
   * A random account matching `where`: the first at or after a random address, along an index
   * (the primary key, or the roster's (chapter, status, account)), wrapping around.
   */
  async #fromAccount(where: string, values: unknown[], except: Hex[] = []): Promise<Hex | undefined> {
    const condition = `${where} and account <> all($${values.length + 2}::text[])`;
    const { rows } = await this.#client.query<{ account: Hex }>(
      `(select account from ${this.#S}.members where account >= $1 and ${condition} order by account limit 1)
       union all (select account from ${this.#S}.members where ${condition} order by account limit 1) limit 1`,
      [this.#address(), ...values, except],
    );
    return rows[0]?.account;
  }

  /** The chapter's executive who decides, else a party executive. */
  async #decider(chapterId: string): Promise<Hex | undefined> {
    const executives = await this.#client.query<{ account: Hex }>(`select account from ${this.#S}.chapter_executives where chapter_id = $1 and active order by account`, [chapterId]);
    if (executives.rows.length > 0) return this.#pick(executives.rows)!.account;
    const party = await this.#client.query<{ account: Hex }>(`select account from ${this.#S}.party_executives where active order by account`);
    return this.#pick(party.rows)?.account;
  }

  #pick<T>(list: T[]): T | undefined {
    return list[Math.floor(this.#random() * list.length)];
  }

  #address(): Hex {
    let s = "0x";
    while (s.length < 42) s += Math.floor(this.#random() * 0x100000000).toString(16).padStart(8, "0");
    return s as Hex;
  }

  /** An int8 score, spread around a mildly positive mean. */
  #score(): number {
    const gauss = Math.sqrt(-2 * Math.log(1 - this.#random())) * Math.cos(2 * Math.PI * this.#random());
    return Math.max(-128, Math.min(127, Math.round(20 + 45 * gauss)));
  }
}
