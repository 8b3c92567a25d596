/**
 * POST /dev/telegram-login — the local chain's stand-in for Telegram's login widget (PARTY_ENV=local;
 * 404 anywhere else, for every method): telegram.org cannot be reached there, so /me's "Link
 * Telegram" asks here instead. Body (JSON): `{ username }`, a made-up Telegram username.
 *
 * 200 the widget's data as Telegram hands it to its callback: `{ id, first_name, username,
 *     auth_date, hash }`, hashed with the server's TELEGRAM_BOT_TOKEN as Telegram does; the page
 *     sends it as the signed `register_telegram` command, so the same checks run as in production
 * 400 not JSON, or a username Telegram would not take · 403 cross-site · 405 not POST
 * 413 body over 4 KB · 415 not application/json · 429 rate limit
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { readJsonBody } from "../services/commands.server";
import { standInTelegramLogin } from "../services/telegram.server";
import { env } from "../ground/env.server";
import { message } from "../i18n/message";
import { json, methodNotAllowed, refused, refusedJson } from "../utils/http.server";
import { guardKeyedPost } from "../utils/post-guard.server";

const MAX_BODY_BYTES = 4096;

const notFound = () => json(404, { message: "Not found: the Telegram stand-in exists only on the local chain (PARTY_ENV=local)" });

export function loader() {
  return env().PARTY_ENV === "local" ? methodNotAllowed("POST") : notFound();
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { PARTY_ENV, TELEGRAM_BOT_TOKEN } = env();
  if (PARTY_ENV !== "local" || !TELEGRAM_BOT_TOKEN) return notFound();
  if (request.method !== "POST") return methodNotAllowed("POST");
  const refusal = await guardKeyedPost(request, { bucket: "default", context });
  if (refusal) return refusal;

  // Refusals answer `{ message, key, values }`: /me's stand-in form shows them in the page's language.
  const body = await readJsonBody(request, MAX_BODY_BYTES, "username");
  if (!body.ok) return refusedJson(body);
  const { value } = body;
  const username = typeof value === "object" && value !== null ? (value as { username?: unknown }).username : undefined;
  if (typeof username !== "string") return refusedJson(refused(400, message("refusals.telegram.notSet", { field: "username" })));
  const login = standInTelegramLogin(username, TELEGRAM_BOT_TOKEN);
  if (!login.ok) return refusedJson(login);
  const { id, auth_date, ...rest } = login.value;
  // As the widget hands it over: id and auth_date are numbers there.
  return json(200, { ...rest, id: Number(id), auth_date: Number(auth_date) });
}
