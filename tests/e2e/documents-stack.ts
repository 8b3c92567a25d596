/**
 * The stack the documents' browser tests run on (tests/e2e/documents-*.test.ts): the whole local
 * stack with passkeys, a local IPFS node and the document fetcher, a minter (the evaluation minter
 * role) and a member of chapter 1, each signed up with a passkey. `useDocumentsStack()` starts it
 * before the calling file's tests and stops it after; the people are set meanwhile (live bindings:
 * read them inside tests).
 */
import type { Address } from "viem";
import { useWriteStack } from "./role-stack.js";
import { signUp, type Person, type WriteStack } from "./write-stack.js";

export let minter: Person;
export let member: Person;
export let minterAddress: Address;
export let memberAddress: Address;
let stack: WriteStack;

export function useDocumentsStack() {
  return useWriteStack(
    async (started) => {
      stack = started;
      [minter, member] = await Promise.all([stack.person("minter"), stack.person("member")]);
      minterAddress = await signUp(minter);
      memberAddress = await signUp(member);
      await stack.grant(minterAddress, "evaluation-minter");
      await stack.grant(memberAddress, "member", 1n);
    },
    { documents: true },
  );
}

/** The page language a person's next pages are in (the `lng` cookie the header's switcher sets). */
export const setLanguage = (person: Person, language: "en" | "de" | "ar") => person.context.addCookies([{ name: "lng", value: language, url: stack.appUrl }]);

/** How many evaluations the contract holds. */
export const evaluationCount = () => stack.read.read.evaluationCount();
