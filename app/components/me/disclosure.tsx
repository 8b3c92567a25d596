/**
 * Before the first application, the truth (issue 28 item 5): what goes on chain and stays public
 * for good, what stays private and can be erased, in the page's language. /before-applying shows
 * it (app/routes/before-applying.tsx), with the applicant's confirmation under it.
 */
import { Form } from "@remix-run/react";
import { Trans } from "react-i18next";
import { useI18n } from "../../i18n/use-i18n";
import { Time } from "../time";

const ON_CHAIN = ["address", "application", "decision", "membership", "roles", "votes"] as const;
const OFF_CHAIN = ["profile", "telegram", "passkeys", "sessions", "confirmation"] as const;

/** A list of the messages `<group>.<item>`. */
function Items({ group, items }: { group: string; items: readonly string[] }) {
  const { t } = useI18n();
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>{t(`${group}.${item}`)}</li>
      ))}
    </ul>
  );
}

export function DisclosureText() {
  const { t } = useI18n();
  return (
    <div className="disclosure">
      <p>{t("disclosure.intro")}</p>
      <h2>{t("disclosure.onChainHeading")}</h2>
      <Items group="disclosure.onChain" items={ON_CHAIN} />
      <p>{t("disclosure.onChainWhy")}</p>
      <h2>{t("disclosure.offChainHeading")}</h2>
      <Items group="disclosure.offChain" items={OFF_CHAIN} />
      <p>
        <Trans t={t} i18nKey="disclosure.offChainWhy" components={{ me: <a href="/me#my-data" /> }} />
      </p>
      <p>{t("disclosure.nameIsNotIdentity")}</p>
    </div>
  );
}

export type DisclosureConfirmProps = {
  /** The signed-in account, or null. */
  account: string | null;
  /** When it confirmed the current text (ISO), or null. */
  confirmedAt: string | null;
  /** Where to go once confirmed (a path of this site), or null. */
  next: string | null;
};

export function DisclosureConfirm({ account, confirmedAt, next }: DisclosureConfirmProps) {
  const { t } = useI18n();
  if (!account) return <p className="disclosure-status">{t("disclosure.signIn")}</p>;
  if (confirmedAt) {
    return (
      <p className="disclosure-status" data-confirmed="yes">
        <Trans t={t} i18nKey="disclosure.confirmed" components={{ time: <Time at={Math.floor(Date.parse(confirmedAt) / 1000)} /> }} />
      </p>
    );
  }
  return (
    <Form method="post" className="disclosure-confirm" data-confirmed="no">
      <input type="hidden" name="account" value={account} />
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <button type="submit">{t("disclosure.confirm")}</button>
    </Form>
  );
}
