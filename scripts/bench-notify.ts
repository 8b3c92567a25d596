/**
 * `npm run bench:notify`: how long the notifier takes to tell every member of a chapter of a new
 * evaluation, against what Telegram's limits allow (issue 15).
 *
 *   1. A throwaway database on DATABASE_URL's server, else on the embedded dev server.
 *   2. A synthetic read model of one chapter (scripts/lib/synthetic-read-model.ts) with
 *      BENCH_RECIPIENTS of its members linked to Telegram and opted in to evaluations
 *      (bench/notify/recipients.ts): no chain, no 10,000 real accounts.
 *   3. The Bot API stand-in (scripts/lib/telegram-stand-in.ts) keeping Telegram's limits (30
 *      messages a second overall, one per chat) × BENCH_RATE_SCALE, and `npm run notifier` as its own
 *      process, with NOTIFY_RATE_SCALE the same, pointed at it through TELEGRAM_API_URL.
 *   4. Once the notifier runs, one EvaluationMinted activity row, as the indexer writes it: the
 *      clock starts at its commit. The follower turns it into one delivery per recipient, the
 *      sender sends them.
 *
 * The last stdout line is one JSON object, {"recipients","drain_s","limit_s","duplicates","lost"}:
 *   drain_s     from the row's commit to the stand-in's last accepted message;
 *   limit_s     the least time the stand-in's limits allow for that many messages to as many chats,
 *               from a full bucket: (recipients − one second's burst) / the scaled rate;
 *   duplicates  messages beyond one per recipient; lost: recipients left without theirs once every
 *               delivery is settled.
 * Target: drain_s ≤ 1.2 × limit_s. Details (phases, 429s, load) go to stderr, the notifier's
 * output to $TMPDIR/bench-notify-<pid>.log.
 *
 * Environment: DATABASE_URL (an admin URL: a database is created and dropped), BENCH_RECIPIENTS
 * (10000), BENCH_RATE_SCALE (10: 300 messages a second, one per chat every 100 ms).
 */
import { createWriteStream } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { migrate } from "../db/migrate.js";
import { mintEvaluation, prepareRecipients } from "./bench/notify/recipients.js";
import { cpuDelta, cpuSnapshot } from "./bench/views/cpu.js";
import { runBench } from "./bench/run.js";
import { createDatabase, dropDatabase, provideDatabase, type ProvidedDatabase } from "./lib/database.js";
import { startNotifierProcess, type NotifierProcess } from "./lib/notifier-process.js";
import { createSyntheticReadModel } from "./lib/synthetic-read-model.js";
import { startTelegramStandIn, type TelegramStandIn } from "./lib/telegram-stand-in.js";

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

const RECIPIENTS = Math.round(envNumber("BENCH_RECIPIENTS", 10_000));
const RATE_SCALE = envNumber("BENCH_RATE_SCALE", 10);
const TARGET_RATIO = 1.2;
const TOKEN = "1234567890:bench-notify-stand-in-token";

const log = (message: string) => process.stderr.write(`${message}\n`);
const load = () => `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
const round2 = (n: number) => Math.round(n * 100) / 100;

let database: ProvidedDatabase | undefined;
let databaseName: string | undefined;
let admin: pg.Client | undefined;
let telegram: TelegramStandIn | undefined;
let notifier: NotifierProcess | undefined;

async function cleanUp(): Promise<void> {
  await notifier?.stop().catch(() => undefined);
  await telegram?.stop().catch(() => undefined);
  await admin?.end().catch(() => undefined);
  if (database && databaseName) await dropDatabase(database.url, databaseName).catch((error: unknown) => log(`could not drop ${databaseName}: ${String(error)}`));
  await database?.stop().catch(() => undefined);
}

/** Polls `check` every `everyMs` until it holds; throws `what` after `timeoutMs`. */
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs: number, everyMs = 20): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not so after ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

async function main() {
  const began = Date.now();
  log(`bench:notify: ${RECIPIENTS} recipients, Telegram's limits × ${RATE_SCALE}; ${load()}`);
  database = await provideDatabase();
  databaseName = `bench_notify_${process.pid}`;
  const databaseUrl = await createDatabase(database.url, databaseName);
  await migrate(databaseUrl);
  const model = await createSyntheticReadModel({
    databaseUrl, chapters: 1, members: Math.ceil(RECIPIENTS * 1.5) + 100, evaluations: 1, votes: 1, infoMessages: 1, partyExecutives: 1, log,
  });
  admin = new pg.Client({ connectionString: databaseUrl });
  admin.on("error", () => undefined);
  await admin.connect();
  const data = await prepareRecipients(admin, { schema: model.schema, recipients: RECIPIENTS });
  log(`${RECIPIENTS} members of chapter ${data.chapterId} linked and opted in; read model head at block ${data.headBlock}`);

  telegram = await startTelegramStandIn({ token: TOKEN, rateScale: RATE_SCALE });
  const notifierLog = join(tmpdir(), `bench-notify-${process.pid}.log`);
  const logFile = createWriteStream(notifierLog);
  notifier = startNotifierProcess({
    env: {
      DATABASE_URL: databaseUrl,
      READ_MODEL_SCHEMA: model.viewsSchema,
      PARTY_ENV: "local",
      APP_ORIGIN: "https://party.example",
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_URL: telegram.url,
      NOTIFY_RATE_SCALE: String(RATE_SCALE),
      NOTIFY_CONFIRMATIONS: "0",
      NOTIFY_FOLD_SECONDS: "0",
    },
    onOutput: (text) => logFile.write(text),
  });
  await notifier.ready();
  // Its first step puts the cursor at the head: only what comes after is told.
  const db = admin;
  await until(async () => (await db.query("select 1 from app.notifier_cursor")).rowCount === 1, "the notifier's first step", 60_000, 50);
  log(`notifier running (log ${notifierLog}); ${load()}`);

  const limitS = telegram.minimumSeconds(RECIPIENTS);
  const cpu = () => cpuSnapshot(notifier!.process.pid!, db, databaseName!);
  const cpuBefore = await cpu();
  const ownCpu = process.cpuUsage();
  const start = Date.now();
  await mintEvaluation(admin, { schema: model.schema, ...data });
  const stand = telegram;
  await until(() => stand.messages.length >= RECIPIENTS, `${RECIPIENTS} messages`, limitS * 3_000 + 120_000);
  const drainS = (Math.max(...stand.messages.map((m) => m.at)) - start) / 1000;
  const used = cpuDelta(cpuBefore, await cpu());
  const own = process.cpuUsage(ownCpu);
  // Every delivery settled (none queued): nothing more can be sent, so duplicates are final.
  await until(async () => (await db.query("select 1 from app.notification_deliveries where status = 'queued' limit 1")).rowCount === 0, "every delivery settled", 60_000, 100);
  const { rows } = await db.query<{ status: string; n: number; first: Date }>(
    "select status, count(*)::int as n, min(created_at) as first from app.notification_deliveries group by status",
  );

  const chats = new Set(stand.messages.map((m) => m.chatId));
  const expected = Array.from({ length: RECIPIENTS }, (_, i) => String(i + 1));
  const figures = {
    recipients: RECIPIENTS,
    drain_s: round2(drainS),
    limit_s: round2(limitS),
    duplicates: stand.messages.length - chats.size,
    lost: expected.filter((chat) => !chats.has(chat)).length,
  };
  const firstAt = Math.min(...stand.messages.map((m) => m.at));
  log(`deliveries: ${rows.map((r) => `${r.status} ${r.n}`).join(", ")}; written ${((Math.min(...rows.map((r) => r.first.getTime())) - start) / 1000).toFixed(2)} s after the row (transaction start)`);
  log(`first message after ${((firstAt - start) / 1000).toFixed(2)} s, last after ${drainS.toFixed(2)} s: ${(RECIPIENTS / drainS).toFixed(0)} messages/s overall, ` +
    `${((RECIPIENTS - 1) / ((Math.max(...stand.messages.map((m) => m.at)) - firstAt) / 1000)).toFixed(0)}/s while sending (stand-in limit ${30 * RATE_SCALE}/s)`);
  log(`stand-in: ${stand.requests} requests, ${stand.rateLimited} answered 429 for a limit; ${load()}`);
  const perMessage = (seconds: number) => `${((seconds * 1000) / RECIPIENTS).toFixed(2)} ms a message`;
  log(`CPU while draining: notifier ${used.server.toFixed(1)} s (${perMessage(used.server)}), its Postgres backends ${used.postgres.toFixed(1)} s (${perMessage(used.postgres)}), ` +
    `this process (the stand-in) ${((own.user + own.system) / 1e6).toFixed(1)} s`);
  const ratio = figures.drain_s / figures.limit_s;
  log(`target drain_s ≤ ${TARGET_RATIO} × limit_s: ${ratio.toFixed(2)}× (${ratio <= TARGET_RATIO ? "met" : "MISSED"}); total run ${((Date.now() - began) / 1000).toFixed(0)} s`);
  logFile.end();
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

await runBench("bench:notify", main, cleanUp);
