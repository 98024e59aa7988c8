import { createContext, useContext } from "react";

/** The per-request CSP nonce; set on the server only (browsers hide it from scripts anyway). */
export const NonceContext = createContext<string>("");
export const useNonce = () => useContext(NonceContext);
