import type { RelationMappingsThunk } from 'objection';
import { User } from './accounts';
import { BaseModel } from './base';
import { Convention } from './conventions';
import { Exhibition } from './exhibitions';
import { Hall } from './halls';
import { belongsTo } from './relations';

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
    convention: belongsTo(Convention, 'object_tokens.convention_id'),
    hall: belongsTo(Hall, 'object_tokens.hall_id'),
    exhibition: belongsTo(Exhibition, 'object_tokens.exhibition_id'),
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
    user: belongsTo(User, 'object_permissions.user_id'),
    token: belongsTo(ObjectToken, 'object_permissions.token_id'),
  });
}
