/**
 * `npm run grant -- <address> <role> [chapterId]`: gives an account a role on the local chain
 * (PARTY_ENV=local only), sending the transactions it needs, and prints what it did. The roles and
 * what each takes: app/services/dev-roles.server.ts (the /dev/roles page does the same).
 *
 * Environment: CHAIN_RPC_URL (else http://127.0.0.1:CHAIN_PORT, 8545 by default).
 */
import { partyDeployment } from "../abis/deployments.js";
import { GrantError, grantRole, parseGrantInput, ROLES } from "../app/services/dev-roles.server.js";
import { DEFAULT_CHAIN_PORT } from "./lib/defaults.js";
import { portFromEnv } from "./lib/port-from-env.js";

const USAGE = `usage: npm run grant -- <address> <role> [chapterId]\n  roles: ${ROLES.join(", ")}`;

async function main(args: string[]): Promise<number> {
  if (args.length < 2 || args.length > 3) {
    console.error(USAGE);
    return 2;
  }
  const environment = process.env.PARTY_ENV || "local";
  if (environment !== "local") {
    console.error(`npm run grant works only on the local chain (PARTY_ENV=local), not PARTY_ENV=${environment}`);
    return 1;
  }
  const deployment = partyDeployment();
  const [account, role, chapterId] = args;
  const input = parseGrantInput({ account, role, chapterId });
  const rpcUrl = process.env.CHAIN_RPC_URL || `http://127.0.0.1:${portFromEnv("CHAIN_PORT", DEFAULT_CHAIN_PORT)}`;
  const result = await grantRole({ rpcUrl, party: deployment.address, ...input }).catch((error: unknown) => {
    if (error instanceof GrantError) throw error;
    throw new GrantError(`the local chain at ${rpcUrl} did not answer as expected (is npm run dev running?): ${firstLine(error)}`);
  });
  console.log(`${result.role} for ${result.account}${result.chapterId ? ` (chapter ${result.chapterId})` : ""}:`);
  for (const line of result.done) console.log(`  - ${line}`);
  if (result.next) console.log(`next: ${result.next}`);
  console.log("The indexer shows it on the pages within a few seconds.");
  return 0;
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0];

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof GrantError ? `npm run grant: ${error.message}` : error);
  console.error(USAGE);
  process.exitCode = 1;
}
