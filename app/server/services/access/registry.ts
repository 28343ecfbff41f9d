import { contentKind } from '../content/access-kind';
import { conventionKind, exhibitionKind, hallKind } from '../events/access-kinds';
import { roomKind } from '../virtual-rooms/access-kind';
import type { KeyedKind, PermissionColumn, ProtectedKind } from './types';

/**
 * The protected kinds, each declared in its own domain folder. The one list a new protected kind is added to (the
 * mapped type makes the compiler ask for every member of KeyedKind); nothing else in this module names a kind.
 */
export const KINDS: { readonly [K in KeyedKind]: ProtectedKind<K> } = {
  convention: conventionKind,
  hall: hallKind,
  exhibition: exhibitionKind,
  room: roomKind,
  content: contentKind,
};

export const KEYED_KINDS = Object.keys(KINDS) as KeyedKind[];

export const kindOf = <K extends KeyedKind>(kind: K): ProtectedKind<K> => KINDS[kind] as ProtectedKind<K>;

/** The kind and id a permission or key row names (exactly one of its object columns is set). */
export function objectOfRow(row: Partial<Record<PermissionColumn, string | null>>): { kind: KeyedKind; id: string } {
  const kind = KEYED_KINDS.find((k) => row[KINDS[k].permissionColumn]);
  if (!kind) throw new Error('An access row names no object');
  return { kind, id: row[KINDS[kind].permissionColumn]! };
}
