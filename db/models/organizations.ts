import type { RelationMappingsThunk } from 'objection';
import { User } from './accounts';
import { BaseModel } from './base';
import { UploadedFile } from './files';
import { belongsTo, hasMany, manyToMany } from './relations';

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
    memberships: hasMany(OrganizationMember, 'organizations.id', 'organization_members.organization_id'),
    users: manyToMany(User, 'organizations.id', { from: 'organization_members.organization_id', to: 'organization_members.user_id' }, 'users.id'),
    invites: hasMany(Invite, 'organizations.id', 'invites.organization_id'),
    avatar: belongsTo(UploadedFile, 'organizations.avatar_id'),
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
    organization: belongsTo(Organization, 'organization_members.organization_id'),
    user: belongsTo(User, 'organization_members.user_id'),
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
    organization: belongsTo(Organization, 'invites.organization_id'),
    invitedBy: belongsTo(User, 'invites.invited_by_id'),
  });
}
