import type { RelationMappingsThunk } from 'objection';
import { ObjectPermission, ObjectToken } from './access';
import { BaseModel, translationModel, type PermissionType } from './base';
import { UploadedFile } from './files';
import { ConventionHall, Hall } from './halls';
import { Organization } from './organizations';
import { Stage } from './stages';
import { belongsTo, hasMany, hasOne, hasOneThrough, manyToMany } from './relations';

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
    organization: belongsTo(Organization, 'conventions.organization_id'),
    translations: hasMany(ConventionTranslation, 'conventions.id', 'convention_translations.convention_id'),
    headerImage: belongsTo(UploadedFile, 'conventions.header_image_id'),
    stage: hasOneThrough(Stage, 'conventions.id', { from: 'convention_stages.convention_id', to: 'convention_stages.stage_id' }, 'stages.id'),
    halls: manyToMany(Hall, 'conventions.id', { from: 'convention_halls.convention_id', to: 'convention_halls.hall_id', extra: ['order'] }, 'halls.id'),
    conventionHalls: hasMany(ConventionHall, 'conventions.id', 'convention_halls.convention_id'),
    onDemandContents: hasMany(OnDemandContent, 'conventions.id', 'on_demand_contents.convention_id'),
    foyer: hasOne(ImageFoyer, 'conventions.id', 'image_foyers.convention_id'),
    objectTokens: hasMany(ObjectToken, 'conventions.id', 'object_tokens.convention_id'),
    objectPermissions: hasMany(ObjectPermission, 'conventions.id', 'object_permissions.convention_id'),
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
    convention: belongsTo(Convention, 'convention_stages.convention_id'),
    stage: belongsTo(Stage, 'convention_stages.stage_id'),
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
  declare translations?: OnDemandContentTranslation[];

  static override relationMappings: RelationMappingsThunk = () => ({
    convention: belongsTo(Convention, 'on_demand_contents.convention_id'),
    thumbnail: belongsTo(UploadedFile, 'on_demand_contents.thumbnail_id'),
    translations: hasMany(OnDemandContentTranslation, 'on_demand_contents.id', 'on_demand_content_translations.on_demand_content_id'),
  });
}

/** An on-demand item's title and description in one language (issue 24 item 21). */
export class OnDemandContentTranslation extends translationModel('on_demand_content_translations', 'on_demand_content_id') {
  declare on_demand_content_id: string;
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
    convention: belongsTo(Convention, 'image_foyers.convention_id'),
    image: belongsTo(UploadedFile, 'image_foyers.image_id'),
    points: hasMany(FoyerPoint, 'image_foyers.id', 'foyer_points.foyer_id'),
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
    foyer: belongsTo(ImageFoyer, 'foyer_points.foyer_id'),
  });
}
