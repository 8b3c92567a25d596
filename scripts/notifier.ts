/**
 * `npm run notifier`: tells members on Telegram what happens in the party (issue 15). One process,
 * two halves over one pg pool: the follower turns the read model's activity rows into deliveries
 * (server/notifier/follower.ts), the sender sends each once (server/notifier/sender.ts). Any number
 * may run at once on one database: the followers take turns on their cursor, the senders share the
 * job queue. Stopping it (SIGTERM, SIGINT) lets the sends in hand finish; killing it loses nothing.
 *
 * Settings (app/ground/env.server.ts): DATABASE_URL, READ_MODEL_SCHEMA, TELEGRAM_BOT_TOKEN,
 * TELEGRAM_API_URL, NOTIFY_RATE_SCALE, NOTIFY_RETRY_SCALE, NOTIFY_CONFIRMATIONS, NOTIFY_FOLD_SECONDS,
 * APP_ORIGIN.
 * One that cannot work stops it at once with one line saying what to change.
 */
import pg from "pg";
import { env, LOCAL_TELEGRAM_BOT_TOKEN, type Env } from "../app/ground/env.server.js";
import { migrate } from "../db/migrate.js";
import { startFollower } from "../server/notifier/follower.js";
import { followerSettings } from "../server/notifier/follower-options.js";
import { startSender } from "../server/notifier/sender.js";
import { createTelegramClient } from "../server/notifier/telegram.js";

/**
 * Sender workers × jobs each: at most 50 messages sent and not yet committed (the crash window).
 * Batches this big because pg-boss sorts every waiting job on each fetch: with 10,000 waiting, a
 * fetch costs the database ~25 ms, and with batches of 10 those fetches were most of its work.
 */
const WORKERS = 2;
const BATCH_SIZE = 25;
/**
 * A connection per worker's batch and one for its reservation from the shared pace, plus the
 * follower's step, pg-boss's polling and maintenance, and the dead-letter worker.
 */
const POOL_MAX = 2 * WORKERS + 6;

class ConfigurationError extends Error {}

function configuration(current: Env) {
  const { DATABASE_URL, TELEGRAM_BOT_TOKEN, TELEGRAM_API_URL, NOTIFY_RATE_SCALE, NOTIFY_RETRY_SCALE } = current;
  if (!DATABASE_URL) throw new ConfigurationError("DATABASE_URL is not set: the notifier reads the activity and keeps its deliveries in PostgreSQL");
  if (!TELEGRAM_BOT_TOKEN) throw new ConfigurationError("TELEGRAM_BOT_TOKEN is not set: the notifier sends as the bot whose token @BotFather gave");
  if (TELEGRAM_BOT_TOKEN === LOCAL_TELEGRAM_BOT_TOKEN && new URL(TELEGRAM_API_URL).hostname === "api.telegram.org") {
    throw new ConfigurationError(
      "TELEGRAM_BOT_TOKEN is the local stand-in's, which Telegram refuses: set the bot's real token, or point TELEGRAM_API_URL at a Bot API stand-in (npm run dev starts one)",
    );
  }
  let follower;
  try {
    follower = followerSettings(current);
  } catch (error) {
    throw new ConfigurationError(error instanceof Error ? error.message : String(error));
  }
  return { databaseUrl: DATABASE_URL, token: TELEGRAM_BOT_TOKEN, apiRoot: TELEGRAM_API_URL, rateScale: NOTIFY_RATE_SCALE, retryScale: NOTIFY_RETRY_SCALE, follower };
}

async function main() {
  let settings: ReturnType<typeof configuration>;
  try {
    settings = configuration(env());
  } catch (error) {
    console.error(`notifier: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const log = (line: string) => console.log(line);
  const telegram = createTelegramClient({ token: settings.token, apiRoot: settings.apiRoot });
  const bot = await telegram.check();
  if (!bot.ok && bot.refused) {
    console.error(`notifier: TELEGRAM_BOT_TOKEN cannot be used: ${bot.message}`);
    process.exit(1);
  }
  // Telegram out of reach may come back: deliveries wait in the queue meanwhile.
  if (!bot.ok) log(`notifier: the Bot API at ${new URL(settings.apiRoot).host} cannot be reached yet (${bot.message})`);

  await migrate(settings.databaseUrl);
  const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: POOL_MAX });
  // A dropped connection must not end the process: pg-boss and the follower try again.
  pool.on("error", () => undefined);
  const { rateScale, retryScale } = settings;
  const sender = await startSender({ pool, telegram, rateScale, retryScale, workers: WORKERS, batchSize: BATCH_SIZE, log });
  const follower = startFollower({ pool, ...settings.follower, log });
  const name = bot.ok ? `@${bot.username}` : "the bot";
  log(`notifier: following the activity of "${settings.follower.readModelSchema}", sending as ${name} through ${new URL(settings.apiRoot).host}`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await follower.stop();
    await sender.stop();
    await pool.end();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

await main();
