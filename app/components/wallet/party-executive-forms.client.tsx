/**
 * A party executive's forms (/party and chapter pages): add members to the party from a pasted
 * list (each bad line named, one operation for the batch), remove one from the party, and promote
 * or demote a chapter's executives, picking from its members. Shown only to viewers the read model
 * says are party executives; the contract still decides (SPEC 5).
 */
import { readAddressLines } from "../../utils/address-lines";
import { AccountInput } from "./account-input.client";
import { OperationForm } from "./operation-form.client";

const lines = (form: FormData) => readAddressLines(String(form.get("accounts") ?? ""));

/** "Add to the party": one addMemberToParty with every pasted address. */
export function AddMembers() {
  return (
    <OperationForm
      operation="addMemberToParty"
      className="add-members"
      args={(form) => ({ accounts: lines(form).accounts })}
      check={(form) => lines(form).problems.join("; ") || null}
      submit="Add to the party"
    >
      <label>
        Addresses, one a line
        <textarea name="accounts" rows={5} cols={46} spellCheck={false} className="address" placeholder={"0x…\n0x…"} />
      </label>
    </OperationForm>
  );
}

/** "Remove from the party", after saying all it takes. */
export function RemoveFromParty() {
  return (
    <OperationForm
      operation="removeMemberFromParty"
      className="remove-from-party"
      args={(form) => ({ account: form.get("account") })}
      submit="Remove from the party"
      confirm="Remove this account from the party? It loses its party membership, its chapter membership with any chapter executive role, and a pending application is rejected."
    >
      <AccountInput name="account" label="Account" />{" "}
    </OperationForm>
  );
}

/** "Promote to chapter executive", offering the chapter's members who are not executives yet. */
export function PromoteChapterExecutive({ chapterId, members }: { chapterId: string; members: readonly string[] }) {
  return (
    <OperationForm
      operation="promoteChapterExecutive"
      className="promote-chapter-executive"
      args={(form) => ({ account: form.get("account"), chapterId })}
      submit="Promote to chapter executive"
    >
      <AccountInput name="account" label="Member" options={members} />{" "}
    </OperationForm>
  );
}

/** "Demote", picking one of the chapter's executives, after saying what they lose. */
export function DemoteChapterExecutive({ chapterId, executives }: { chapterId: string; executives: readonly string[] }) {
  return (
    <OperationForm
      operation="demoteChapterExecutive"
      className="demote-chapter-executive"
      args={(form) => ({ account: form.get("account"), chapterId })}
      submit="Demote"
      confirm={`Demote this executive? They lose the executive role of chapter ${chapterId} (deciding applications, removing members) and stay a member.`}
    >
      <AccountInput name="account" label="Executive" options={executives} />{" "}
    </OperationForm>
  );
}
