import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Party" }];

export default function Index() {
  return (
    <main>
      <h1>Party</h1>
      <p>Chapters, members and evaluations of the party, read from the chain.</p>
    </main>
  );
}
