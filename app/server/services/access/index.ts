/**
 * Object access, one domain (issue 25; ARCHITECTURE.md "Object access"): who may see an object of a protected kind
 * (rule.ts), the objects a visitor path names (paths.ts), access keys (keys.ts), object permissions
 * (permissions.ts), membership (membership.ts), content pages' publication (publication.ts), files (files.ts) and
 * the route guard's decisions (guard.ts). Each kind declares itself in its own domain folder (types.ts
 * ProtectedKind) and is listed once in registry.ts.
 */
export * from './types';
export * from './membership';
export * from './rule';
export * from './paths';
export * from './keys';
export * from './permissions';
export { ownedAccessObject } from './manage';
export { KINDS, KEYED_KINDS, kindOf } from './registry';
