import { Model, type RelationMappingsThunk } from 'objection';
import { User } from './accounts';
import { BaseModel } from './base';
import { Convention } from './conventions';
import { Exhibition } from './exhibitions';
import { Hall } from './halls';

/** An access key of exactly one convention, hall, in-house fair or content group, with a sign-up limit (0: none). */
export class ObjectToken extends BaseModel {
  static override tableName = 'object_tokens';

  declare organization_id: string;
  declare convention_id: string | null;
  declare hall_id: string | null;
  declare exhibition_id: string | null;
  declare content_group_id: string | null;
  declare virtual_room_id: string | null;
  declare token: string;
  declare limit: number;
  declare signed_up: number;

  declare convention?: Convention | null;
  declare hall?: Hall | null;
  declare exhibition?: Exhibition | null;

  static override relationMappings: RelationMappingsThunk = () => ({
    convention: {
      relation: Model.BelongsToOneRelation,
      modelClass: Convention,
      join: { from: 'object_tokens.convention_id', to: 'conventions.id' },
    },
    hall: {
      relation: Model.BelongsToOneRelation,
      modelClass: Hall,
      join: { from: 'object_tokens.hall_id', to: 'halls.id' },
    },
    exhibition: {
      relation: Model.BelongsToOneRelation,
      modelClass: Exhibition,
      join: { from: 'object_tokens.exhibition_id', to: 'exhibitions.id' },
    },
  });
}

/** A person's access to one TOKEN convention, hall, in-house fair or content group (from a key or added by the organiser). */
export class ObjectPermission extends BaseModel {
  static override tableName = 'object_permissions';

  declare organization_id: string;
  declare user_id: string;
  declare convention_id: string | null;
  declare hall_id: string | null;
  declare exhibition_id: string | null;
  declare content_group_id: string | null;
  declare virtual_room_id: string | null;
  declare token_id: string | null;
  declare suspended: boolean;

  declare user?: User;
  declare token?: ObjectToken | null;

  static override relationMappings: RelationMappingsThunk = () => ({
    user: {
      relation: Model.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'object_permissions.user_id', to: 'users.id' },
    },
    token: {
      relation: Model.BelongsToOneRelation,
      modelClass: ObjectToken,
      join: { from: 'object_permissions.token_id', to: 'object_tokens.id' },
    },
  });
}
