import type { RelationMappingsThunk } from 'objection';
import { BaseModel, type Language, type PermissionType } from './base';
import type { ContentObjectTypeName } from '../../app/lib/schemas/content';
import { UploadedFile } from './files';
import { Organization } from './organizations';
import { belongsTo, hasMany, manyToMany } from './relations';

/** The type of a content object (spec 001 point 9): one list, `CONTENT_OBJECT_TYPES` in app/lib/schemas/content.ts. */
export type ContentObjectType = ContentObjectTypeName;

/** A group of the content pool: a named tree of content objects of one organisation (spec 000 point 3). */
export class ContentGroup extends BaseModel {
  static override tableName = 'content_groups';

  declare organization_id: string;
  declare name: string;
  declare slug: string;
  declare preview_id: string | null;
  declare permission_type: PermissionType;

  declare organization?: Organization;
  declare objects?: ContentObject[];
  declare tags?: ContentTag[];
  declare preview?: UploadedFile | null;

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: belongsTo(Organization, 'content_groups.organization_id'),
    objects: hasMany(ContentObject, 'content_groups.id', 'content_objects.group_id'),
    tags: manyToMany(ContentTag, 'content_groups.id', { from: 'content_group_tags.group_id', to: 'content_group_tags.tag_id' }, 'content_tags.id'),
    preview: belongsTo(UploadedFile, 'content_groups.preview_id'),
  });
}

/** One user's "liked" mark on a group. */
export class ContentGroupLike extends BaseModel {
  static override tableName = 'content_group_likes';

  declare group_id: string;
  declare user_id: string;
}

/** A typed node of a group's tree; `parent_id` null for the group's top level, `sort` orders siblings. */
export class ContentObject extends BaseModel {
  static override tableName = 'content_objects';

  declare organization_id: string;
  declare group_id: string;
  declare parent_id: string | null;
  declare type: ContentObjectType;
  declare sort: number;
  declare name: string;
  declare language: Language | null;
  declare size: number | null;
  declare value: string | null;
  declare link: string | null;
  declare open_link_in_new_window: boolean;
  declare file_id: string | null;
  declare og_title: string | null;
  declare og_description: string | null;
  declare og_image: string | null;

  declare group?: ContentGroup;
  declare file?: UploadedFile | null;

  static override relationMappings: RelationMappingsThunk = () => ({
    group: belongsTo(ContentGroup, 'content_objects.group_id'),
    file: belongsTo(UploadedFile, 'content_objects.file_id'),
  });
}

/** A tag of an organisation, by type (`CONTENT` for the content pool). */
export class ContentTag extends BaseModel {
  static override tableName = 'content_tags';

  declare organization_id: string;
  declare text: string;
  declare type: string;
}

export class ContentGroupTag extends BaseModel {
  static override tableName = 'content_group_tags';

  declare group_id: string;
  declare tag_id: string;
}
