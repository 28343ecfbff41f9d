/** The tables the access module owns (no other module reads or writes them; data-changes.server.ts names them). */
export const ACCESS_TABLES = ['object_permissions', 'object_tokens'] as const;
