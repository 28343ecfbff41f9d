import { Model, type RelationMappingsThunk } from 'objection';
import { BaseModel, translationModel, type Language } from './base';
import { UploadedFile } from './files';
import { HallStand } from './halls';
import { Organization } from './organizations';

/** An exhibitor's stand, independent of the halls it is placed in (`hall_stands`). */
export class BaseStand extends BaseModel {
  static override tableName = 'base_stands';

  declare organization_id: string;
  declare name: string;
  declare slug: string;
  declare shop: boolean;
  declare shop_url: string;
  declare chat_url: string;
  declare personalization_id: string | null;

  declare organization?: Organization;
  declare translations?: StandTranslation[];
  declare nodes?: StandNode[];
  declare hallStands?: HallStand[];

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: {
      relation: Model.BelongsToOneRelation,
      modelClass: Organization,
      join: { from: 'base_stands.organization_id', to: 'organizations.id' },
    },
    translations: {
      relation: Model.HasManyRelation,
      modelClass: StandTranslation,
      join: { from: 'base_stands.id', to: 'stand_translations.stand_id' },
    },
    nodes: {
      relation: Model.HasManyRelation,
      modelClass: StandNode,
      join: { from: 'base_stands.id', to: 'stand_nodes.stand_id' },
    },
    hallStands: {
      relation: Model.HasManyRelation,
      modelClass: HallStand,
      join: { from: 'base_stands.id', to: 'hall_stands.stand_id' },
    },
  });
}

export class StandTranslation extends translationModel('stand_translations', 'stand_id') {
  declare stand_id: string;
}

export type StandNodeType = 'IMAGE' | 'IFRAME' | 'PANO';

/** One view of a stand (picture, embedded page or panorama) in one language. */
export class StandNode extends BaseModel {
  static override tableName = 'stand_nodes';

  declare organization_id: string;
  declare stand_id: string;
  declare type: StandNodeType;
  declare image_id: string | null;
  declare iframe: string | null;
  declare language: Language;

  declare stand?: BaseStand;
  declare image?: UploadedFile | null;
  declare points?: Point[];

  static override relationMappings: RelationMappingsThunk = () => ({
    stand: {
      relation: Model.BelongsToOneRelation,
      modelClass: BaseStand,
      join: { from: 'stand_nodes.stand_id', to: 'base_stands.id' },
    },
    image: {
      relation: Model.BelongsToOneRelation,
      modelClass: UploadedFile,
      join: { from: 'stand_nodes.image_id', to: 'files.id' },
    },
    points: {
      relation: Model.HasManyRelation,
      modelClass: Point,
      join: { from: 'stand_nodes.id', to: 'points.node_id' },
    },
  });
}

export type PointKind = 'POINT' | 'REFERENCE';

/** A point on a stand view; a REFERENCE point has a slug and its own route. */
export class Point extends BaseModel {
  static override tableName = 'points';

  declare organization_id: string;
  declare node_id: string;
  declare cx: number;
  declare cy: number;
  declare kind: PointKind;
  declare name: string;
  declare slug: string | null;
  declare order: number;
  declare content_page_id: string | null;
  /** the content pool group the reference point shows (db/models/content.ts) */
  declare content_group_id: string | null;
  /** the virtual room the reference point opens at the stand's `/vr/{rpslug}` (db/models/virtual-rooms.ts) */
  declare virtual_room_id: string | null;

  declare node?: StandNode;
  declare translations?: PointTranslation[];

  static override relationMappings: RelationMappingsThunk = () => ({
    node: {
      relation: Model.BelongsToOneRelation,
      modelClass: StandNode,
      join: { from: 'points.node_id', to: 'stand_nodes.id' },
    },
    translations: {
      relation: Model.HasManyRelation,
      modelClass: PointTranslation,
      join: { from: 'points.id', to: 'point_translations.point_id' },
    },
  });
}

export class PointTranslation extends translationModel('point_translations', 'point_id') {
  declare point_id: string;
}
