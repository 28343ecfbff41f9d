import type { RelationMappingsThunk } from 'objection';
import { BaseModel, translationModel, type Language } from './base';
import { UploadedFile } from './files';
import { HallStand } from './halls';
import { Organization } from './organizations';
import { belongsTo, hasMany } from './relations';

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
    organization: belongsTo(Organization, 'base_stands.organization_id'),
    translations: hasMany(StandTranslation, 'base_stands.id', 'stand_translations.stand_id'),
    nodes: hasMany(StandNode, 'base_stands.id', 'stand_nodes.stand_id'),
    hallStands: hasMany(HallStand, 'base_stands.id', 'hall_stands.stand_id'),
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
    stand: belongsTo(BaseStand, 'stand_nodes.stand_id'),
    image: belongsTo(UploadedFile, 'stand_nodes.image_id'),
    points: hasMany(Point, 'stand_nodes.id', 'points.node_id'),
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
    node: belongsTo(StandNode, 'points.node_id'),
    translations: hasMany(PointTranslation, 'points.id', 'point_translations.point_id'),
  });
}

export class PointTranslation extends translationModel('point_translations', 'point_id') {
  declare point_id: string;
}
