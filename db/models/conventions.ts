import { Model, type RelationMappingsThunk } from 'objection';
import { ObjectPermission, ObjectToken } from './access';
import { BaseModel, translationModel, type PermissionType } from './base';
import { UploadedFile } from './files';
import { ConventionHall, Hall } from './halls';
import { Organization } from './organizations';
import { Stage } from './stages';

export type NavigationMode = 'DEFAULT' | 'IMAGE_FOYER' | 'VIRTUAL_ROOM';

/** A virtual trade fair. Its status is computed from `active` and the dates, never stored. */
export class Convention extends BaseModel {
  static override tableName = 'conventions';

  declare organization_id: string;
  declare slug: string;
  declare title: string;
  declare active: boolean;
  declare video: string;
  declare start_date: Date | null;
  declare end_date: Date | null;
  declare shop: boolean;
  declare permission_type: PermissionType;
  declare header_image_id: string | null;
  declare help_page: string;
  declare help_content_page_id: string | null;
  declare content_page_id: string | null;
  declare content_id: string | null;
  declare navigation_mode: NavigationMode;
  /** the room shown in navigation mode VIRTUAL_ROOM (db/models/virtual-rooms.ts) */
  declare virtual_room_id: string | null;

  declare organization?: Organization;
  declare translations?: ConventionTranslation[];
  declare headerImage?: UploadedFile | null;
  declare stage?: Stage | null;
  declare halls?: Hall[];
  declare conventionHalls?: ConventionHall[];
  declare onDemandContents?: OnDemandContent[];
  declare foyer?: ImageFoyer | null;
  declare objectTokens?: ObjectToken[];
  declare objectPermissions?: ObjectPermission[];

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: {
      relation: Model.BelongsToOneRelation,
      modelClass: Organization,
      join: { from: 'conventions.organization_id', to: 'organizations.id' },
    },
    translations: {
      relation: Model.HasManyRelation,
      modelClass: ConventionTranslation,
      join: { from: 'conventions.id', to: 'convention_translations.convention_id' },
    },
    headerImage: {
      relation: Model.BelongsToOneRelation,
      modelClass: UploadedFile,
      join: { from: 'conventions.header_image_id', to: 'files.id' },
    },
    stage: {
      relation: Model.HasOneThroughRelation,
      modelClass: Stage,
      join: {
        from: 'conventions.id',
        through: { from: 'convention_stages.convention_id', to: 'convention_stages.stage_id' },
        to: 'stages.id',
      },
    },
    halls: {
      relation: Model.ManyToManyRelation,
      modelClass: Hall,
      join: {
        from: 'conventions.id',
        through: { from: 'convention_halls.convention_id', to: 'convention_halls.hall_id', extra: ['order'] },
        to: 'halls.id',
      },
    },
    conventionHalls: {
      relation: Model.HasManyRelation,
      modelClass: ConventionHall,
      join: { from: 'conventions.id', to: 'convention_halls.convention_id' },
    },
    onDemandContents: {
      relation: Model.HasManyRelation,
      modelClass: OnDemandContent,
      join: { from: 'conventions.id', to: 'on_demand_contents.convention_id' },
    },
    foyer: {
      relation: Model.HasOneRelation,
      modelClass: ImageFoyer,
      join: { from: 'conventions.id', to: 'image_foyers.convention_id' },
    },
    objectTokens: {
      relation: Model.HasManyRelation,
      modelClass: ObjectToken,
      join: { from: 'conventions.id', to: 'object_tokens.convention_id' },
    },
    objectPermissions: {
      relation: Model.HasManyRelation,
      modelClass: ObjectPermission,
      join: { from: 'conventions.id', to: 'object_permissions.convention_id' },
    },
  });
}

export class ConventionTranslation extends translationModel('convention_translations', 'convention_id') {
  declare convention_id: string;
}

/** The one stage of a convention (unique `convention_id`). */
export class ConventionStage extends BaseModel {
  static override tableName = 'convention_stages';

  declare convention_id: string;
  declare stage_id: string;

  declare convention?: Convention;
  declare stage?: Stage;

  static override relationMappings: RelationMappingsThunk = () => ({
    convention: {
      relation: Model.BelongsToOneRelation,
      modelClass: Convention,
      join: { from: 'convention_stages.convention_id', to: 'conventions.id' },
    },
    stage: {
      relation: Model.BelongsToOneRelation,
      modelClass: Stage,
      join: { from: 'convention_stages.stage_id', to: 'stages.id' },
    },
  });
}

/** A recording offered on demand in a convention (`/convention/{c}/ondemand/{slug}`). */
export class OnDemandContent extends BaseModel {
  static override tableName = 'on_demand_contents';

  declare convention_id: string;
  declare title: string;
  declare description: string;
  declare thumbnail_id: string | null;
  declare content_page_id: string | null;
  declare slug: string;

  declare convention?: Convention;
  declare thumbnail?: UploadedFile | null;

  static override relationMappings: RelationMappingsThunk = () => ({
    convention: {
      relation: Model.BelongsToOneRelation,
      modelClass: Convention,
      join: { from: 'on_demand_contents.convention_id', to: 'conventions.id' },
    },
    thumbnail: {
      relation: Model.BelongsToOneRelation,
      modelClass: UploadedFile,
      join: { from: 'on_demand_contents.thumbnail_id', to: 'files.id' },
    },
  });
}

/** The convention's image foyer: one picture with clickable points. */
export class ImageFoyer extends BaseModel {
  static override tableName = 'image_foyers';

  declare organization_id: string;
  declare convention_id: string;
  declare image_id: string | null;

  declare convention?: Convention;
  declare image?: UploadedFile | null;
  declare points?: FoyerPoint[];

  static override relationMappings: RelationMappingsThunk = () => ({
    convention: {
      relation: Model.BelongsToOneRelation,
      modelClass: Convention,
      join: { from: 'image_foyers.convention_id', to: 'conventions.id' },
    },
    image: {
      relation: Model.BelongsToOneRelation,
      modelClass: UploadedFile,
      join: { from: 'image_foyers.image_id', to: 'files.id' },
    },
    points: {
      relation: Model.HasManyRelation,
      modelClass: FoyerPoint,
      join: { from: 'image_foyers.id', to: 'foyer_points.foyer_id' },
    },
  });
}

export type FoyerTargetType = 'HALL' | 'STAND' | 'STAGE' | 'CONTENTPAGE' | 'CONTENT' | 'LINK';

/** A point on the foyer picture; its target is checked by the service (no foreign key: several kinds). */
export class FoyerPoint extends BaseModel {
  static override tableName = 'foyer_points';

  declare organization_id: string;
  declare foyer_id: string;
  declare x: number;
  declare y: number;
  declare target_type: FoyerTargetType;
  declare target_id: string | null;
  declare link: string | null;

  declare foyer?: ImageFoyer;

  static override relationMappings: RelationMappingsThunk = () => ({
    foyer: {
      relation: Model.BelongsToOneRelation,
      modelClass: ImageFoyer,
      join: { from: 'foyer_points.foyer_id', to: 'image_foyers.id' },
    },
  });
}
