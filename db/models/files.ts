import { Model, type RelationMappingsThunk } from 'objection';
import { User } from './accounts';
import { BaseModel } from './base';
import { Organization } from './organizations';
import { belongsTo } from './relations';

/** An uploaded file (the bytes live in the storage under `storage_key`). Named so it does not shadow DOM `File`. */
export class UploadedFile extends BaseModel {
  static override tableName = 'files';

  declare organization_id: string | null;
  declare uploaded_by_id: string | null;
  declare storage_key: string;
  declare filename: string;
  declare mime_type: string;
  declare size: number;
  declare width: number | null;
  declare height: number | null;
  declare is_public: boolean;

  declare organization?: Organization | null;
  declare uploadedBy?: User | null;

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: belongsTo(Organization, 'files.organization_id'),
    uploadedBy: belongsTo(User, 'files.uploaded_by_id'),
  });
}

export type VideoProvider = 'youtube' | 'vimeo';

/**
 * The picture of a linked video (YouTube, Vimeo), fetched once and kept as a public file of the organisation; one
 * per organisation and video. Written once, so it has `created_at` but no `updated_at`.
 */
export class VideoThumbnail extends Model {
  static override tableName = 'video_thumbnails';
  static override jsonAttributes: string[] = [];

  declare id: string;
  declare organization_id: string;
  declare provider: VideoProvider;
  declare video_id: string;
  declare file_id: string;
  declare created_at: Date;

  declare file?: UploadedFile;

  static override relationMappings: RelationMappingsThunk = () => ({
    file: belongsTo(UploadedFile, 'video_thumbnails.file_id'),
  });
}

/** An object that shows a file (issue 25): the file is served to who may see one of its objects (services/access/files.ts). */
export class FileUse extends Model {
  static override tableName = 'file_uses';
  static override idColumn = ['file_id', 'kind', 'object_id'];

  declare file_id: string;
  declare kind: FileUseKind;
  declare object_id: string;
  declare organization_id: string;
  declare created_at: Date;
}

export type FileUseKind = 'content' | 'page' | 'room' | 'product';
