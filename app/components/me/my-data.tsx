/**
 * /me's My data section (issue 28 item 6): download everything the app holds about the account
 * off chain as one JSON file (/me/data.json, app/routes/me_.data[.]json.ts), or erase it in one
 * confirmed step (/me/erase, app/routes/me_.erase.tsx; it signs out everywhere). What the chain
 * holds cannot be erased, and the section says why. Plain links and forms: no JavaScript needed.
 */
import { Form } from "@remix-run/react";
import { Trans } from "react-i18next";
import { useI18n } from "../../i18n/use-i18n";

export function MyDataSection({ account }: { account: string }) {
  const { t } = useI18n();
  return (
    <section className="my-data" id="my-data">
      <h2>{t("myData.heading")}</h2>
      <p>{t("myData.intro")}</p>
      <p>
        <a href="/me/data.json" download className="my-data-download">
          {t("myData.download")}
        </a>
      </p>
      <h3>{t("myData.chainHeading")}</h3>
      <p>
        <Trans t={t} i18nKey="myData.chain" components={{ truth: <a href="/before-applying" /> }} />
      </p>
      <h3>{t("myData.eraseHeading")}</h3>
      <p>{t("myData.eraseIntro")}</p>
      <Form method="post" action="/me/erase" reloadDocument className="my-data-erase">
        <input type="hidden" name="account" value={account} />
        <label>
          <input type="checkbox" name="confirm" value="erase" required /> {t("myData.confirm")}
        </label>
        <button type="submit">{t("myData.erase")}</button>
      </Form>
    </section>
  );
}
