/** Only what the client sent: a left-out field keeps its value, null clears it. */
export function sent<T extends object>(input: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

/** Null read as left out, for fields the services cannot clear (a name, a language): null keeps the stored value. */
export function nullAsUnset<T extends object>(input: T): { [K in keyof T]: Exclude<T[K], null> | undefined } {
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, value ?? undefined])) as { [K in keyof T]: Exclude<T[K], null> | undefined };
}
