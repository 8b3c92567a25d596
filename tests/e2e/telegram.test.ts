/**
 * Telegram from /me in Chromium, on the whole local stack, through the local stand-in of
 * Telegram's login widget: Tia links a made-up Telegram account (the stand-in's data sent as
 * register_telegram), shows it on her member page and hides it again (a stranger's view of the
 * page follows), a username Telegram would not take is refused with the stand-in's message, a
 * command the server refuses shows SPEC 8's "Error sending command: {message} ({status})"; and
 * for Ula, whose server session is gone, the unlink is signed with her passkey. Cases run in order.
 * Screenshots: artifacts/screenshots/telegram-*-{1280,390}.png.
 */
import type { Page } from "playwright-core";
import type { Address } from "viem";
import { signUp, stack, useWriteStack, type Person } from "./write-stack.js";

let tia: Person;
let tiaAddress: Address;
let stranger: Person;

// Commands are limited to 10 a minute per client: each person is a client of its own, as behind a
// proxy of ours; the browser's loopback socket stands for that proxy.
useWriteStack({ appEnv: { TRUST_PROXY: "127.0.0.1,::1" } });
let clients = 0;
async function client(name: string): Promise<Person> {
  const person = await stack.person(name);
  clients += 1;
  await person.context.setExtraHTTPHeaders({ "x-forwarded-for": `10.0.0.${clients}` });
  return person;
}

const section = (page: Page) => page.locator("section.telegram");
const linkedAs = (page: Page, state: "no" | "hidden" | "shown") => page.locator(`section.telegram[data-linked='${state}']`).waitFor();
const rows = async () =>
  stack.query<{ username: string; visible: boolean }>("select username, visible from app.telegram_links where address = $1", [tiaAddress]);
/** The Telegram fact on Tia's member page as a stranger sees it (the public, cacheable page), or null. */
const publicTelegram = async () => {
  const page = await stranger.open(`/members/${tiaAddress}`);
  const fact = page.locator("dd.telegram");
  return (await fact.count()) ? fact.textContent() : null;
};

it("/me offers the local stand-in; linking sends its data as register_telegram, hidden from the member page at first", async () => {
  tia = await client("tia");
  stranger = await client("stranger");
  tiaAddress = await signUp(tia);
  // A member, so that her member page exists.
  await stack.grant(tiaAddress, "member", 1n);

  const page = await tia.open("/me");
  expect(await section(page).getAttribute("data-login")).toBe("stand-in");
  expect(await section(page).locator(".telegram-status").textContent()).toBe("No Telegram account is linked.");
  await tia.screens("telegram-unlinked");
  await section(page).getByLabel(/Telegram username/).fill("tia_party");
  await section(page).getByRole("button", { name: "Link Telegram" }).click();
  await linkedAs(page, "hidden");
  expect(await section(page).locator(".telegram-status").textContent()).toBe("Linked to @tia_party: hidden from your member page.");
  expect(await rows()).toEqual([{ username: "tia_party", visible: false }]);
  expect(await publicTelegram()).toBeNull();
  await tia.screens("telegram-linked");
}, 180_000);

it("shows the username on the member page, then hides it again", async () => {
  const page = tia.page;
  await section(page).getByRole("button", { name: "Show on my member page" }).click();
  await linkedAs(page, "shown");
  expect(await rows()).toEqual([{ username: "tia_party", visible: true }]);
  // The member page is cached for strangers until the server sees the link change (it polls every 250 ms).
  await expect.poll(publicTelegram, { timeout: 10_000 }).toBe("@tia_party");

  await section(page).getByRole("button", { name: "Hide from my member page" }).click();
  await linkedAs(page, "hidden");
  expect(await rows()).toEqual([{ username: "tia_party", visible: false }]);
  await expect.poll(publicTelegram, { timeout: 10_000 }).toBeNull();
}, 60_000);

it("unlinks, and the stand-in refuses a username Telegram would not take, with its message", async () => {
  const page = tia.page;
  await section(page).getByRole("button", { name: "Unlink Telegram" }).click();
  await linkedAs(page, "no");
  expect(await rows()).toEqual([]);

  await section(page).getByLabel(/Telegram username/).fill("x y");
  await section(page).getByRole("button", { name: "Link Telegram" }).click();
  const alert = section(page).getByRole("alert");
  expect(await alert.textContent()).toBe(
    "Telegram stand-in: username must be 5 to 32 letters, digits or underscores, starting with a letter (Telegram's rule) (400)",
  );
  expect(await rows()).toEqual([]);
  await tia.screens("telegram-bad-username");
}, 60_000);

it("a command the server refuses shows SPEC 8's text, and the page stays as it was", async () => {
  const page = tia.page;
  await section(page).getByLabel(/Telegram username/).fill("tia_party");
  await section(page).getByRole("button", { name: "Link Telegram" }).click();
  await linkedAs(page, "hidden");
  // Unlinked behind the page's back: showing it now finds nothing to show.
  await stack.query("delete from app.telegram_links where address = $1", [tiaAddress]);
  await section(page).getByRole("button", { name: "Show on my member page" }).click();
  const alert = section(page).getByRole("alert");
  await alert.waitFor();
  expect(await alert.textContent()).toBe("Error sending command: No Telegram account is linked to this address: register it first (404)");
  expect(await section(page).getAttribute("data-linked")).toBe("hidden");
  await tia.screens("telegram-command-error");
}, 60_000);

it("without a server session the command is signed with the passkey (401, then EIP-712)", async () => {
  const ula = await client("ula");
  const ulaAddress = await signUp(ula);
  const page = await ula.open("/me");
  await section(page).getByLabel(/Telegram username/).fill("ula_signed");
  await section(page).getByRole("button", { name: "Link Telegram" }).click();
  await linkedAs(page, "hidden");
  // The server forgets the session; the page still holds the wallet's.
  await stack.query("delete from app.sessions where address = $1", [ulaAddress]);
  await section(page).getByRole("button", { name: "Unlink Telegram" }).click();
  const linked = () => stack.query("select 1 from app.telegram_links where address = $1", [ulaAddress]);
  await expect.poll(linked, { timeout: 30_000 }).toEqual([]);
  const digests = await stack.query<{ command: string }>("select command from app.used_command_digests where signer = $1", [ulaAddress]);
  expect(digests.map((d) => d.command).sort()).toEqual(["log_in", "unlink_telegram"]);
}, 120_000);
