/**
 * The visitor pages whose answers the visitor cache shares (issue 13 for anonymous visitors, issue 26 per audience
 * for logged-in ones): /convention/{slug}/..., /stage/{slug} and /exhibition/{slug}/..., documents and Remix's `.data`.
 * The console's /stage/builder/... and /exhibition/builder/... are not visitor pages. Isomorphic: the root uses it to
 * leave personal data out of these pages and to load it again when the visitor moves on to the console.
 */
const SHARED_VISITOR_PATH = /^\/(?:convention|stage|exhibition)\/(?!builder(?:\/|\.data$|$))[^/]/;

export function isSharedVisitorPath(pathname: string): boolean {
  return SHARED_VISITOR_PATH.test(pathname);
}
