import { Model, type RelationMappingsThunk } from 'objection';
import { ObjectPermission, ObjectToken } from './access';
import { BaseModel, type PermissionType } from './base';
import { Organization } from './organizations';
import { Stage } from './stages';
import { BaseStand } from './stands';

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
    organization: {
      relation: Model.BelongsToOneRelation,
      modelClass: Organization,
      join: { from: 'exhibitions.organization_id', to: 'organizations.id' },
    },
    stand: {
      relation: Model.BelongsToOneRelation,
      modelClass: BaseStand,
      join: { from: 'exhibitions.stand_id', to: 'base_stands.id' },
    },
    stage: {
      relation: Model.BelongsToOneRelation,
      modelClass: Stage,
      join: { from: 'exhibitions.stage_id', to: 'stages.id' },
    },
    objectTokens: {
      relation: Model.HasManyRelation,
      modelClass: ObjectToken,
      join: { from: 'exhibitions.id', to: 'object_tokens.exhibition_id' },
    },
    objectPermissions: {
      relation: Model.HasManyRelation,
      modelClass: ObjectPermission,
      join: { from: 'exhibitions.id', to: 'object_permissions.exhibition_id' },
    },
  });
}
