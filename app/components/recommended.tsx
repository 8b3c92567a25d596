/** "0x12…abcd for Berlin": a recommendation given, on a member's page and on /me. */
import { Trans } from "react-i18next";
import { useI18n } from "../i18n/use-i18n";
import { AddressLink, ChapterLink } from "./links";

export function Recommended({ account, chapterId }: { account: string; chapterId: string }) {
  const { t } = useI18n();
  return <Trans t={t} i18nKey="member.recommendedFor" components={{ account: <AddressLink address={account} />, chapter: <ChapterLink id={chapterId} /> }} />;
}
