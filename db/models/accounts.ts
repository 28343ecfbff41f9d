import { Model, type RelationMappingsThunk } from 'objection';
import { BaseModel, type Language } from './base';
import { UploadedFile } from './files';
import { Organization, OrganizationMember } from './organizations';
import { belongsTo, hasMany, hasOne, manyToMany } from './relations';

export class User extends BaseModel {
  static override tableName = 'users';

  declare email: string;
  declare password_hash: string | null;
  declare first_name: string;
  declare last_name: string;
  declare default_language: Language;
  declare is_staff: boolean;
  /** false before activation and after deactivation; `email_confirmed_at` tells the two apart */
  declare is_active: boolean;
  declare date_joined: Date;
  declare default_organization_id: string | null;
  declare email_confirmed_at: Date | null;
  declare avatar_id: string | null;
  declare last_login_at: Date | null;

  declare memberships?: OrganizationMember[];
  declare organizations?: Organization[];
  declare defaultOrganization?: Organization | null;
  declare address?: Address | null;
  declare avatar?: UploadedFile | null;

  static override relationMappings: RelationMappingsThunk = () => ({
    memberships: hasMany(OrganizationMember, 'users.id', 'organization_members.user_id'),
    organizations: manyToMany(Organization, 'users.id', { from: 'organization_members.user_id', to: 'organization_members.organization_id' }, 'organizations.id'),
    defaultOrganization: belongsTo(Organization, 'users.default_organization_id'),
    address: hasOne(Address, 'users.id', 'addresses.user_id'),
    avatar: belongsTo(UploadedFile, 'users.avatar_id'),
  });
}

/** A browser session (the cookie holds its id); idle and absolute expiry. */
export class Session extends BaseModel {
  static override tableName = 'sessions';

  declare user_id: string;
  declare last_seen_at: Date;
  declare expires_at: Date;
  declare user_agent: string | null;

  declare user?: User;

  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'sessions.user_id'),
  });
}

/** The business-card address; one per user. */
export class Address extends BaseModel {
  static override tableName = 'addresses';

  declare user_id: string;
  declare first_name: string;
  declare last_name: string;
  declare company_name: string;
  declare street_address_1: string;
  declare street_address_2: string;
  declare house_no: string;
  declare city: string;
  declare postal_code: string;
  declare country_area: string;
  /** E.164 when set */
  declare phone: string;
  declare country: string;

  declare user?: User;

  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'addresses.user_id'),
  });
}

export type AccountTokenPurpose = 'activation' | 'password_reset' | 'account_deletion';

/** A one-time token sent by mail; only its SHA-256 is stored. */
export class AccountToken extends BaseModel {
  static override tableName = 'account_tokens';

  declare user_id: string;
  declare purpose: AccountTokenPurpose;
  declare token_hash: string;
  declare expires_at: Date;
  declare used_at: Date | null;

  declare user?: User;

  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'account_tokens.user_id'),
  });
}

/** An API refresh token (SHA-256 of it and of its CSRF token); rotated on every use. */
export class RefreshToken extends BaseModel {
  static override tableName = 'refresh_tokens';

  declare user_id: string;
  declare token_hash: string;
  declare csrf_hash: string;
  declare expires_at: Date;
  declare revoked_at: Date | null;
  declare replaced_by_id: string | null;
  declare user_agent: string | null;

  declare user?: User;

  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'refresh_tokens.user_id'),
  });
}

/** Failed logins per scope (an account's e-mail or a client IP); no id, keyed by scope and key. */
export class LoginThrottle extends Model {
  static override tableName = 'login_throttles';
  static override idColumn = ['scope', 'key'];
  static override jsonAttributes: string[] = [];

  declare scope: 'account' | 'ip';
  declare key: string;
  declare failures: number;
  declare last_failure_at: Date;
  declare locked_until: Date | null;
}
