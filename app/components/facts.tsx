/** A page's facts as a definition list: `<Facts>` around one `<Fact term="…">` per term. */
import type { ReactNode } from "react";
import { useI18n } from "../i18n/use-i18n";

export function Facts({ className, children }: { className?: string; children: ReactNode }) {
  return <dl className={className ? `facts ${className}` : "facts"}>{children}</dl>;
}

type FactProps = { term: string; className?: string; children: ReactNode } & { [data: `data-${string}`]: string };

export function Fact({ term, className, children, ...data }: FactProps) {
  return (
    <>
      <dt>{term}</dt>
      <dd className={className} {...data}>
        {children}
      </dd>
    </>
  );
}

/** The page's data as a file to download (the CSV routes beside the page). */
export function ExportFact({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <Fact term={t("facts.exports")}>
      <a href={href} download>
        {children}
      </a>
    </Fact>
  );
}
