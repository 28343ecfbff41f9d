import type { RelationMappingsThunk } from 'objection';
import { ObjectPermission, ObjectToken } from './access';
import { BaseModel, type PermissionType } from './base';
import { Organization } from './organizations';
import { Stage } from './stages';
import { BaseStand } from './stands';
import { belongsTo, hasMany } from './relations';

/** An in-house fair (`/exhibition/{slug}`): one stand, optionally a stage. */
export class Exhibition extends BaseModel {
  static override tableName = 'exhibitions';

  declare organization_id: string;
  declare name: string;
  declare slug: string;
  declare video: string;
  declare meeting: string;
  declare permission_type: PermissionType;
  declare stand_id: string | null;
  declare stage_id: string | null;

  declare organization?: Organization;
  declare stand?: BaseStand | null;
  declare stage?: Stage | null;
  declare objectTokens?: ObjectToken[];
  declare objectPermissions?: ObjectPermission[];

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: belongsTo(Organization, 'exhibitions.organization_id'),
    stand: belongsTo(BaseStand, 'exhibitions.stand_id'),
    stage: belongsTo(Stage, 'exhibitions.stage_id'),
    objectTokens: hasMany(ObjectToken, 'exhibitions.id', 'object_tokens.exhibition_id'),
    objectPermissions: hasMany(ObjectPermission, 'exhibitions.id', 'object_permissions.exhibition_id'),
  });
}
