import { createContext, useContext } from "react";

/**
 * The CSP nonce of this response. Set by entry.server around the whole tree; empty in the browser,
 * where scripts are already loaded (browsers hide the attribute's value from the DOM anyway).
 */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
