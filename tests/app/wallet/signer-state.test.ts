/** SPEC 4: initializing, authenticating, connected, disconnected, error. */
import { initialSignerState, transition, type SignerEvent, type SignerState } from "../../../app/wallet/signer-state";
import { signerStatusOf } from "../../../app/wallet/alchemy/status";
import { SIGNER_STATUSES } from "../../../app/wallet/types";

const user = { address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", orgId: "local", userId: "cred", email: null } as const;
const run = (events: SignerEvent[], from: SignerState = initialSignerState) => events.reduce(transition, from);

it("starts initializing and settles on the stored session", () => {
  expect(initialSignerState).toEqual({ status: "initializing" });
  expect(run([{ type: "restored", user }])).toEqual({ status: "connected", user });
  expect(run([{ type: "none" }])).toEqual({ status: "disconnected" });
});

it("signs in: disconnected → authenticating → connected → disconnected", () => {
  const states = [{ type: "none" }, { type: "start", method: "sign-in" }, { type: "ok", user }, { type: "logout" }].reduce<SignerState[]>(
    (acc, event) => [...acc, transition(acc[acc.length - 1]!, event as SignerEvent)],
    [initialSignerState],
  );
  expect(states.map((s) => s.status)).toEqual(["initializing", "disconnected", "authenticating", "connected", "disconnected"]);
  expect(states[2]).toEqual({ status: "authenticating", method: "sign-in" });
});

it("a failure is an error state, left by retrying or dismissing", () => {
  const failed = run([{ type: "none" }, { type: "start", method: "sign-up" }, { type: "fail", message: "The passkey prompt was closed" }]);
  expect(failed).toEqual({ status: "error", message: "The passkey prompt was closed" });
  expect(transition(failed, { type: "start", method: "sign-in" })).toEqual({ status: "authenticating", method: "sign-in" });
  expect(transition(failed, { type: "dismiss" })).toEqual({ status: "disconnected" });
  expect(run([{ type: "start", method: "sign-in" }, { type: "cancel" }], { status: "disconnected" })).toEqual({ status: "disconnected" });
});

it("a connected session expires, and logs in again when its account is gone (Account not available)", () => {
  const connected: SignerState = { status: "connected", user };
  expect(transition(connected, { type: "expired" })).toEqual({ status: "disconnected" });
  expect(transition(connected, { type: "start", method: "sign-in" })).toEqual({ status: "authenticating", method: "sign-in" });
});

it("ignores events that make no sense in a state", () => {
  const authenticating: SignerState = { status: "authenticating", method: "sign-in" };
  // A second click while the passkey prompt is open changes nothing.
  expect(transition(authenticating, { type: "start", method: "sign-up" })).toBe(authenticating);
  expect(transition(authenticating, { type: "logout" })).toBe(authenticating);
  const disconnected: SignerState = { status: "disconnected" };
  for (const event of [{ type: "ok", user }, { type: "fail", message: "x" }, { type: "logout" }, { type: "restored", user }] as SignerEvent[]) {
    expect(transition(disconnected, event)).toBe(disconnected);
  }
  const connected: SignerState = { status: "connected", user };
  expect(transition(connected, { type: "ok", user: { ...user, userId: "other" } })).toBe(connected);
});

it("every state the machine reaches is a SPEC 4 status", () => {
  const events: SignerEvent[] = [
    { type: "restored", user },
    { type: "none" },
    { type: "start", method: "sign-in" },
    { type: "ok", user },
    { type: "fail", message: "x" },
    { type: "cancel" },
    { type: "logout" },
    { type: "expired" },
    { type: "dismiss" },
  ];
  const seen = new Set<string>();
  let frontier: SignerState[] = [initialSignerState];
  for (let depth = 0; depth < 5; depth++) {
    frontier = frontier.flatMap((state) => events.map((event) => transition(state, event)));
    for (const state of frontier) seen.add(state.status);
  }
  expect([...seen].every((status) => (SIGNER_STATUSES as readonly string[]).includes(status))).toBe(true);
  expect(seen).toEqual(new Set(SIGNER_STATUSES));
});

describe("Account Kit's signer status in SPEC 4 terms", () => {
  const base = { isInitializing: false, isAuthenticating: false, isConnected: false, isDisconnected: false };
  it.each([
    [{ ...base, status: "INITIALIZING", isInitializing: true }, undefined, "initializing"],
    [{ ...base, status: "AUTHENTICATING_PASSKEY", isAuthenticating: true }, undefined, "authenticating"],
    [{ ...base, status: "AWAITING_EMAIL_AUTH" }, undefined, "authenticating"],
    [{ ...base, status: "CONNECTED", isConnected: true }, undefined, "connected"],
    [{ ...base, status: "DISCONNECTED", isDisconnected: true }, undefined, "disconnected"],
    [{ ...base, status: "DISCONNECTED", isDisconnected: true }, new Error("Signer not authenticated"), "error"],
  ])("%o → %s", (signer, error, status) => {
    expect(signerStatusOf(signer, error)).toBe(status);
  });
});
