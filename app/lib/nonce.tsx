import { createContext, useContext } from 'react';

const NonceContext = createContext<string>('');

export const NonceProvider = NonceContext.Provider;

/** The CSP nonce of this response, for the few inline scripts we render. */
export const useNonce = () => useContext(NonceContext);
