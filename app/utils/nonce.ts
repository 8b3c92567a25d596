import { createContext, useContext } from "react";

/** The response's CSP nonce on the server (app/entry.server.tsx); undefined in the browser. */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
