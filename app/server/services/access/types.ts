import type { ModelClass } from 'objection';
import type { BaseModel } from '#db/models/index';
import type { FeatureName } from '~/lib/features';
import type { ServiceContext } from '../../context.server';

/**
 * The kinds of object whose visitors the access module decides on (spec 001 point 6). A keyed kind carries an access
 * type (PUBLIC, LOGGED_IN, TOKEN) and may have access keys and object permissions; a content page has no access type:
 * it is seen by publication and its link's token (publication.ts).
 */
export type KeyedKind = 'convention' | 'hall' | 'exhibition' | 'room' | 'content';
export type AccessKind = KeyedKind | 'page';

export type PermissionType = 'PUBLIC' | 'LOGGED_IN' | 'TOKEN';

/** The column of `object_permissions` and `object_tokens` that names an object of the kind. */
export type PermissionColumn = 'convention_id' | 'hall_id' | 'exhibition_id' | 'content_group_id' | 'virtual_room_id';

/** What the rule needs of an object. */
export interface AccessObject {
  id: string;
  organization_id: string;
  permission_type: PermissionType;
}

/** An object a visitor path names, with its title in the viewer's language. */
export interface PathObject extends AccessObject {
  kind: KeyedKind;
  slug: string;
  title: string;
}

/**
 * How a kind declares itself (in its own domain folder): where its rows live, which feature manages its keys and
 * permissions, how a visitor reaches it, and which visitor paths name it.
 */
export interface ProtectedKind<K extends KeyedKind = KeyedKind> {
  kind: K;
  table: string;
  model: ModelClass<BaseModel>;
  /** the column holding PUBLIC / LOGGED_IN / TOKEN */
  accessColumn: 'permission_type' | 'access_type';
  /** the column an organiser's list names the object by */
  titleColumn: 'title' | 'name';
  permissionColumn: PermissionColumn;
  /** the suite whose members manage the object's keys and permissions */
  feature: FeatureName;
  /** the input field of objectTokenCreate naming an object of this kind */
  tokenField: 'conventionId' | 'hallId' | 'exhibitionId' | 'contentGroupId' | 'virtualRoomId';
  /** the visitor's address of the object */
  visitorPath: (slug: string) => string;
  /**
   * The objects a visitor path names when its first segment is one of `roots` (lower-cased segments after the
   * root, and the case-sensitive preview slug of a /prev/{slug}/... path), outermost first; null: no such object.
   */
  path?: {
    roots: readonly string[];
    objects: (ctx: ServiceContext, segments: string[], previewSlug: string | undefined) => Promise<PathObject[] | null>;
  };
}
