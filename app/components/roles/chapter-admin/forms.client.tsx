/**
 * The chapter admin's forms: add chapters (several in one operation, each placed by clicking the
 * map or typing its latitude and longitude, with its founders), move a chapter, remove an empty
 * one, seat or clear the central committee member. Shown only to the chapter admin the read model
 * names; the contract decides. Places go through the map's projection (decision 0014).
 */
import type { TFunction } from "i18next";
import { useState } from "react";
import { zeroAddress } from "viem";
import { useI18n } from "../../../i18n/use-i18n";
import type { MapChapter, MapPosition } from "../../chapter-map";
import { MapPicker, PlaceFields } from "../../map/map-picker";
import { AccountInput } from "../../wallet/account-input.client";
import { OperationForm } from "../../wallet/operation-form.client";

const text = (form: FormData, name: string) => String(form.get(name) ?? "");
/** The contract's x or y of a picked place; empty (refused by the operation's schema, naming the field) when none is. */
const coordinate = (p: MapPosition | null, axis: "x" | "y") => (p ? String(p[axis]) : "");

type Draft = { key: number; position: MapPosition | null; founders: number[] };
const newDraft = (key: number): Draft => ({ key, position: null, founders: [0] });

/** The founders of one new chapter: one account field each, and a pasted list. */
const foundersOf = (form: FormData, key: number) =>
  [...form.getAll(`founder-${key}`).map(String), ...text(form, `pasted-${key}`).split(/[\s,]+/)].map((a) => a.trim()).filter(Boolean);

/** "chapters.1.location" as the form says it: "New chapter 2, Location" (a founder, x and y likewise). */
function newChapterLabel(field: string, t: TFunction): string | undefined {
  const [, index, name] = /^chapters\.(\d+)\.(\w+)/.exec(field) ?? [];
  if (index === undefined || name === undefined) return undefined;
  const part = name === "location" ? t("chapterAdmin.location") : name === "applicants" ? t("chapterAdmin.founder") : name;
  return t("calls.inGroup", { group: t("chapterAdmin.newChapter", { number: Number(index) + 1 }), field: part });
}

/** "Add chapters": one addChapterToParty for every new chapter in the form. */
export function AddChapters({ chapters }: { chapters: MapChapter[] }) {
  const [drafts, setDrafts] = useState<Draft[]>([newDraft(0)]);
  const [active, setActive] = useState(0);
  const { t } = useI18n();
  const update = (key: number, change: (d: Draft) => Draft) => setDrafts((all) => all.map((d) => (d.key === key ? change(d) : d)));
  const drop = (key: number) => {
    const rest = drafts.filter((d) => d.key !== key);
    setDrafts(rest);
    setActive(rest[0]!.key);
  };
  const add = () => {
    const key = Math.max(...drafts.map((d) => d.key)) + 1;
    setDrafts([...drafts, newDraft(key)]);
    setActive(key);
  };
  const marks = drafts.flatMap((d, i) => (d.position ? [{ ...d.position, label: String(i + 1) }] : []));
  return (
    <OperationForm
      operation="addChapterToParty"
      className="add-chapters"
      submit={t("chapterAdmin.addChapters", { count: drafts.length })}
      args={(form) => ({
        chapters: drafts.map((d) => ({
          location: text(form, `location-${d.key}`),
          x: coordinate(d.position, "x"),
          y: coordinate(d.position, "y"),
          applicants: foundersOf(form, d.key),
        })),
      })}
      labels={(field) => newChapterLabel(field, t)}
    >
      <MapPicker chapters={chapters} marks={marks} hint={t("chapterAdmin.mapHint")} onPick={(p) => update(active, (d) => ({ ...d, position: p }))} />
      {drafts.map((d, i) => (
        <fieldset key={d.key} className={d.key === active ? "new-chapter placing" : "new-chapter"} data-new-chapter={i + 1}>
          <legend>{t("chapterAdmin.newChapter", { number: i + 1 })}</legend>
          <button type="button" aria-pressed={d.key === active} onClick={() => setActive(d.key)}>
            {t("chapterAdmin.place")}
          </button>{" "}
          <label>
            {t("chapterAdmin.location")} <input name={`location-${d.key}`} maxLength={64} placeholder={t("chapterAdmin.locationPlaceholder")} />
          </label>{" "}
          <PlaceFields id={String(d.key)} value={d.position} onChange={(position) => update(d.key, (x) => ({ ...x, position }))} />
          {d.founders.map((f) => (
            <AccountInput key={f} name={`founder-${d.key}`} label={t("chapterAdmin.founder")} required={false} />
          ))}
          <button type="button" onClick={() => update(d.key, (x) => ({ ...x, founders: [...x.founders, Math.max(...x.founders) + 1] }))}>
            {t("chapterAdmin.anotherFounder")}
          </button>
          <label>
            {t("chapterAdmin.pasteFounders")} <textarea name={`pasted-${d.key}`} rows={2} cols={44} placeholder={t("chapterAdmin.pastePlaceholder")} />
          </label>
          {drafts.length > 1 ? (
            <button type="button" onClick={() => drop(d.key)}>
              {t("chapterAdmin.drop")}
            </button>
          ) : null}
        </fieldset>
      ))}
      <button type="button" onClick={add}>
        {t("chapterAdmin.anotherChapter")}
      </button>
    </OperationForm>
  );
}

/** "Move chapter": a new place (click the map or type it) and location text, in one updateChapterLocation. */
export function MoveChapter({ chapter }: { chapter: MapChapter & { location: string } }) {
  const [position, setPosition] = useState<MapPosition | null>({ x: chapter.x, y: chapter.y });
  const { t } = useI18n();
  return (
    <OperationForm
      operation="updateChapterLocation"
      className="move-chapter"
      submit={t("chapterAdmin.moveSubmit")}
      args={(form) => ({ chapterId: chapter.id, location: text(form, "location"), x: coordinate(position, "x"), y: coordinate(position, "y") })}
      labels={{ location: t("chapterAdmin.location") }}
    >
      <MapPicker chapters={[]} from={chapter} marks={position ? [{ ...position, label: t("chapterAdmin.newMark") }] : []} onPick={setPosition} />
      <label>
        {t("chapterAdmin.location")} <input name="location" defaultValue={chapter.locationText ?? chapter.location} maxLength={66} />
      </label>{" "}
      <PlaceFields id="move" value={position} onChange={setPosition} />
    </OperationForm>
  );
}

/** "Remove chapter", after saying what goes; the contract refuses a chapter that still has members. */
export function RemoveChapter({ chapterId, label, memberCount }: { chapterId: string; label: string; memberCount: number }) {
  const { t } = useI18n();
  const members = memberCount === 0 ? "" : ` ${t("chapterAdmin.stillHasMembers", { count: memberCount })}`;
  return (
    <OperationForm
      operation="removeChapter"
      className="remove-chapter"
      args={() => ({ chapterId })}
      submit={t("chapterAdmin.removeSubmit")}
      confirm={`${t("chapterAdmin.confirmRemove", { label })}${members}`}
    />
  );
}

/** Seats one of the chapter's members on the central committee, or clears the seat (the zero address). */
export function SeatCentralCommittee({ chapterId, members, current }: { chapterId: string; members: string[]; current: string | null }) {
  const { t } = useI18n();
  return (
    <OperationForm
      operation="setCentralCommitteeMember"
      className="central-committee"
      args={(form) => ({ chapterId, account: form.get("seat") === "clear" ? zeroAddress : text(form, "account") })}
      labels={{ account: t("chapterAdmin.memberToSeat") }}
    >
      {({ disabled }) => (
        <>
          <AccountInput name="account" label={t("chapterAdmin.memberToSeat")} options={members} required={false} />{" "}
          <button type="submit" name="seat" value="seat" disabled={disabled}>
            {t("chapterAdmin.seatSubmit")}
          </button>
          {current ? (
            <>
              {" "}
              <button type="submit" name="seat" value="clear" disabled={disabled}>
                {t("chapterAdmin.clearSeat")}
              </button>
            </>
          ) : null}
        </>
      )}
    </OperationForm>
  );
}
