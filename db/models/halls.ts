import type { RelationMappingsThunk } from 'objection';
import { ObjectPermission, ObjectToken } from './access';
import { BaseModel, translationModel, type PermissionType } from './base';
import { Convention } from './conventions';
import { UploadedFile } from './files';
import { Organization } from './organizations';
import { BaseStand } from './stands';
import { belongsTo, hasMany, manyToMany } from './relations';

export class Hall extends BaseModel {
  static override tableName = 'halls';

  declare organization_id: string;
  declare slug: string;
  declare name: string;
  declare thumbnail_id: string | null;
  declare permission_type: PermissionType;

  declare organization?: Organization;
  declare translations?: HallTranslation[];
  declare thumbnail?: UploadedFile | null;
  declare conventions?: Convention[];
  declare hallStands?: HallStand[];
  declare objectTokens?: ObjectToken[];
  declare objectPermissions?: ObjectPermission[];

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: belongsTo(Organization, 'halls.organization_id'),
    translations: hasMany(HallTranslation, 'halls.id', 'hall_translations.hall_id'),
    thumbnail: belongsTo(UploadedFile, 'halls.thumbnail_id'),
    conventions: manyToMany(Convention, 'halls.id', { from: 'convention_halls.hall_id', to: 'convention_halls.convention_id', extra: ['order'] }, 'conventions.id'),
    hallStands: hasMany(HallStand, 'halls.id', 'hall_stands.hall_id'),
    objectTokens: hasMany(ObjectToken, 'halls.id', 'object_tokens.hall_id'),
    objectPermissions: hasMany(ObjectPermission, 'halls.id', 'object_permissions.hall_id'),
  });
}

export class HallTranslation extends translationModel('hall_translations', 'hall_id') {
  declare hall_id: string;
}

/** A hall's place in a convention, in order. */
export class ConventionHall extends BaseModel {
  static override tableName = 'convention_halls';

  declare organization_id: string;
  declare convention_id: string;
  declare hall_id: string;
  declare order: number;

  declare convention?: Convention;
  declare hall?: Hall;

  static override relationMappings: RelationMappingsThunk = () => ({
    convention: belongsTo(Convention, 'convention_halls.convention_id'),
    hall: belongsTo(Hall, 'convention_halls.hall_id'),
  });
}

/**
 * A stand's place in a hall: the two consents (the host's `approved`, the stand organisation's `stand_accepted`;
 * visitors see it only with both), order, its slug in the hall and an unguessable preview slug.
 * `organization_id` is the hall's organisation (the host); the stand may belong to another one.
 */
export class HallStand extends BaseModel {
  static override tableName = 'hall_stands';

  declare organization_id: string;
  declare hall_id: string;
  declare stand_id: string;
  declare approved: boolean;
  declare stand_accepted: boolean;
  declare order: number;
  declare slug: string;
  declare thumbnail_id: string | null;
  declare preview_slug: string;

  declare hall?: Hall;
  declare stand?: BaseStand;
  declare thumbnail?: UploadedFile | null;

  static override relationMappings: RelationMappingsThunk = () => ({
    hall: belongsTo(Hall, 'hall_stands.hall_id'),
    stand: belongsTo(BaseStand, 'hall_stands.stand_id'),
    thumbnail: belongsTo(UploadedFile, 'hall_stands.thumbnail_id'),
  });
}

/** One visitor's mark on a stand in a hall (issue 27: the hub's bookmarks), with the convention they marked it in. */
export class StandMark extends BaseModel {
  static override tableName = 'stand_marks';

  declare hall_stand_id: string;
  declare convention_id: string;
  declare user_id: string;
}
