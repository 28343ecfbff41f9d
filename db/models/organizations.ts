import { Model, type RelationMappingsThunk } from 'objection';
import { User } from './accounts';
import { BaseModel } from './base';
import { UploadedFile } from './files';

export type MemberRole = 'admin' | 'sales';

export class Organization extends BaseModel {
  static override tableName = 'organizations';

  declare name: string;
  declare slug: string;
  declare email: string | null;
  /** feature bit mask of the booked suites (`~/lib/features`) */
  declare suites: number;
  declare is_active: boolean;
  declare phone: string;
  declare street_address: string;
  declare house_no: string;
  declare postal_code: string;
  declare city: string;
  declare country: string;
  declare avatar_id: string | null;
  declare support_url: string;
  declare homepage_url: string;
  declare data_privacy: string;
  declare data_privacy_url: string;
  declare imprint: string;
  declare chat_enabled: boolean;
  declare created_by_id: string | null;
  /** the personalization its public pages use unless one is chosen (db/models/personalizations.ts) */
  declare default_personalization_id: string | null;

  declare memberships?: OrganizationMember[];
  declare users?: User[];
  declare invites?: Invite[];
  declare avatar?: UploadedFile | null;

  static override relationMappings: RelationMappingsThunk = () => ({
    memberships: {
      relation: Model.HasManyRelation,
      modelClass: OrganizationMember,
      join: { from: 'organizations.id', to: 'organization_members.organization_id' },
    },
    users: {
      relation: Model.ManyToManyRelation,
      modelClass: User,
      join: {
        from: 'organizations.id',
        through: { from: 'organization_members.organization_id', to: 'organization_members.user_id' },
        to: 'users.id',
      },
    },
    invites: {
      relation: Model.HasManyRelation,
      modelClass: Invite,
      join: { from: 'organizations.id', to: 'invites.organization_id' },
    },
    avatar: {
      relation: Model.BelongsToOneRelation,
      modelClass: UploadedFile,
      join: { from: 'organizations.avatar_id', to: 'files.id' },
    },
  });
}

/** A user's membership in an organisation: one role, the owner flag, the sales flag. */
export class OrganizationMember extends BaseModel {
  static override tableName = 'organization_members';

  declare organization_id: string;
  declare user_id: string;
  declare role: MemberRole;
  declare is_owner: boolean;
  declare sales: boolean;

  declare organization?: Organization;
  declare user?: User;

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: {
      relation: Model.BelongsToOneRelation,
      modelClass: Organization,
      join: { from: 'organization_members.organization_id', to: 'organizations.id' },
    },
    user: {
      relation: Model.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'organization_members.user_id', to: 'users.id' },
    },
  });
}

export type InviteState = 'CREATED' | 'OPENED';

/** An invitation by e-mail into an organisation; the link's token is stored as SHA-256. */
export class Invite extends BaseModel {
  static override tableName = 'invites';

  declare organization_id: string;
  declare email: string;
  declare role: MemberRole;
  declare token_hash: string;
  declare state: InviteState;
  declare invited_by_id: string | null;
  declare accepted_at: Date | null;
  declare accepted_by_id: string | null;
  declare expires_at: Date;

  declare organization?: Organization;
  declare invitedBy?: User | null;

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: {
      relation: Model.BelongsToOneRelation,
      modelClass: Organization,
      join: { from: 'invites.organization_id', to: 'organizations.id' },
    },
    invitedBy: {
      relation: Model.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'invites.invited_by_id', to: 'users.id' },
    },
  });
}
