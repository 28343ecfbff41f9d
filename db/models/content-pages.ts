import type { RelationMappingsThunk } from 'objection';
import { BaseModel, type Language } from './base';
import { ContentTag } from './content';
import { UploadedFile } from './files';
import { Organization } from './organizations';
import { belongsTo, hasMany, manyToMany } from './relations';

export type ContentPageState = 'PRIVATE' | 'PUBLISHED' | 'UNPUBLISHED';

/**
 * A content page of an organisation (spec 000 point 3): slug (unique across organisations: `/content/{slug}`),
 * global id, thumbnail, personalization, publicsite, lead-default flag and its publication state; the token of
 * the current publication is what QR codes and sent links carry.
 */
export class ContentPage extends BaseModel {
  static override tableName = 'content_pages';

  declare organization_id: string;
  declare slug: string;
  declare global_id: string;
  declare thumbnail_id: string | null;
  declare personalization_id: string | null;
  declare publicsite_id: string | null;
  declare lead_default: boolean;
  declare state: ContentPageState;
  declare publish_token: string | null;
  declare published_at: Date | null;
  /** set on pages the migration made (0020): the publicsite or content group it came from */
  declare source_kind: 'PUBLICSITE' | 'CONTENTGROUP' | null;
  declare source_id: string | null;
  declare source_hash: string | null;

  declare organization?: Organization;
  declare translations?: ContentPageTranslation[];
  declare tags?: ContentTag[];
  declare thumbnail?: UploadedFile | null;

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: belongsTo(Organization, 'content_pages.organization_id'),
    translations: hasMany(ContentPageTranslation, 'content_pages.id', 'content_page_translations.page_id'),
    tags: manyToMany(ContentTag, 'content_pages.id', { from: 'content_page_tags.page_id', to: 'content_page_tags.tag_id' }, 'content_tags.id'),
    thumbnail: belongsTo(UploadedFile, 'content_pages.thumbnail_id'),
  });
}

/** One language of a page: its name and layout (rows, columns, items; app/lib/content-pages/layout.ts), versioned. */
export class ContentPageTranslation extends BaseModel {
  static override tableName = 'content_page_translations';
  static override jsonAttributes = ['layout'];

  declare page_id: string;
  declare language: Language;
  declare name: string;
  declare layout: unknown;
  declare version: number;

  declare page?: ContentPage;

  static override relationMappings: RelationMappingsThunk = () => ({
    page: belongsTo(ContentPage, 'content_page_translations.page_id'),
  });
}

/** An editor's unsaved work on one translation, kept on the server (issue 24 item 7). */
export class ContentPageDraft extends BaseModel {
  static override tableName = 'content_page_drafts';
  static override jsonAttributes = ['layout'];

  declare translation_id: string;
  declare user_id: string;
  declare base_version: number;
  declare layout: unknown;
}

/** A page's tag (the organisation's content tags, shared with the content pool). */
export class ContentPageTag extends BaseModel {
  static override tableName = 'content_page_tags';

  declare page_id: string;
  declare tag_id: string;
}

/**
 * One visitor's "liked" mark on a content page (issue 27: the hub's bookmarks), with the token of the link they liked
 * it with (null for the page's organisation's members, who need none).
 */
export class ContentPageLike extends BaseModel {
  static override tableName = 'content_page_likes';

  declare page_id: string;
  declare user_id: string;
  declare token: string | null;
}
