import { Model, type RelationMappingsThunk } from 'objection';
import { User } from './accounts';
import { BaseModel } from './base';
import { Organization } from './organizations';

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
    organization: {
      relation: Model.BelongsToOneRelation,
      modelClass: Organization,
      join: { from: 'files.organization_id', to: 'organizations.id' },
    },
    uploadedBy: {
      relation: Model.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'files.uploaded_by_id', to: 'users.id' },
    },
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
    file: {
      relation: Model.BelongsToOneRelation,
      modelClass: UploadedFile,
      join: { from: 'video_thumbnails.file_id', to: 'files.id' },
    },
  });
}
