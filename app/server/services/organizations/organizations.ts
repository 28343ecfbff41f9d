import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { Package } from '~/lib/features';
import { isUuid } from '~/lib/ids';
import {
  OrganizationCreateSchema,
  OrganizationUpdateSchema,
  SLUG_PATTERN,
  type OrganizationCreateInput,
  type OrganizationUpdateInput,
} from '~/lib/schemas/organization';
import { inTransaction, type ServiceContext } from '../../context.server';
import { permissionDenied, requireStaff, requireViewer } from '../authz';
import { DomainError, type FieldError } from '../errors';
import { isOfferedCountry } from '../i18n/languages';
import { parseInput } from '../validation';
import { freeSlug, isUniqueViolation } from '../slugs';
import { refreshViewer } from '../../viewer.server';

/** Suites a new organisation starts with; platform staff book more (spec: suites booked per organisation). */
export const NEW_ORGANIZATION_SUITES = Package.BASIC;

export interface OrganizationRecord {
  id: string;
  name: string;
  slug: string;
  email: string | null;
  phone: string;
  street_address: string;
  house_no: string;
  postal_code: string;
  city: string;
  country: string;
  avatar_id: string | null;
  support_url: string;
  homepage_url: string;
  data_privacy: string;
  data_privacy_url: string;
  imprint: string;
  chat_enabled: boolean;
  suites: number;
  is_active: boolean;
  created_at: Date;
}

const COLUMNS = [
  'id', 'name', 'slug', 'email', 'phone', 'street_address', 'house_no', 'postal_code', 'city', 'country', 'avatar_id',
  'support_url', 'homepage_url', 'data_privacy', 'data_privacy_url', 'imprint', 'chat_enabled', 'suites', 'is_active',
  'created_at',
] as const;

export function organizationColumns(alias?: string): string[] {
  return COLUMNS.map((c) => (alias ? `${alias}.${c}` : c));
}

async function nameTaken(ctx: ServiceContext, name: string, exceptId?: string): Promise<boolean> {
  const query = ctx.db('organizations').whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId) query.whereNot('id', exceptId);
  return Boolean(await query.first('id'));
}

/**
 * Creates an organisation for the viewer (onboarding): the viewer becomes its owner and admin, and it becomes
 * their default organisation. Name unique (case-insensitive), slug unique.
 */
export async function createOrganization(ctx: ServiceContext, rawInput: OrganizationCreateInput): Promise<OrganizationRecord> {
  const viewer = requireViewer(ctx);
  const input = parseInput(ctx, OrganizationCreateSchema, rawInput);
  const errors: FieldError[] = [];
  if (await nameTaken(ctx, input.name)) errors.push({ code: 'UNIQUE', field: 'name', message: ctx.t('org:errors.nameExists') });
  let slug = input.slug || '';
  if (slug && !SLUG_PATTERN.test(slug)) errors.push({ code: 'INVALID', field: 'slug', message: ctx.t('org:errors.slugInvalid') });
  else if (slug && (await ctx.db('organizations').where({ slug }).first('id'))) {
    errors.push({ code: 'UNIQUE', field: 'slug', message: ctx.t('org:errors.slugExists') });
  }
  if (errors.length) throw DomainError.fromFieldErrors(errors);
  if (!slug) slug = await freeSlug(ctx, 'organizations', input.name, 'organisation');

  try {
    const created = await inTransaction(ctx, async (tx) => {
      const [org] = await tx
        .db('organizations')
        .insert({
          name: input.name,
          slug,
          email: input.email || viewer.email,
          suites: NEW_ORGANIZATION_SUITES,
          created_by_id: viewer.userId,
        })
        .returning(organizationColumns());
      await tx.db('organization_members').insert({
        organization_id: org.id,
        user_id: viewer.userId,
        role: 'admin',
        is_owner: true,
      });
      await tx.db('users').where({ id: viewer.userId }).update({ default_organization_id: org.id, updated_at: tx.db.fn.now() });
      return org as OrganizationRecord;
    });
    await refreshViewer(ctx.db, viewer);
    return created;
  } catch (error) {
    // a concurrent request took the name or slug between the check and the insert
    if (isUniqueViolation(error, 'organizations_name_lower_uniq')) {
      throw new DomainError('UNIQUE', ctx.t('org:errors.nameExists'), 'name');
    }
    if (isUniqueViolation(error, 'organizations_slug_unique')) {
      throw new DomainError('UNIQUE', ctx.t('org:errors.slugExists'), 'slug');
    }
    throw error;
  }
}

/** Only admins (and the owner) of the organisation itself may edit it (spec 001 point 6). */
async function requireAdminOf(ctx: ServiceContext, organizationId: string) {
  const viewer = requireViewer(ctx);
  if (!isUuid(organizationId)) throw permissionDenied(ctx);
  const membership = await ctx
    .db('organization_members')
    .where({ organization_id: organizationId, user_id: viewer.userId })
    .first('role', 'is_owner');
  if (!membership || (membership.role !== 'admin' && !membership.is_owner)) throw permissionDenied(ctx);
  return viewer;
}

export async function updateOrganization(
  ctx: ServiceContext,
  id: string,
  rawInput: OrganizationUpdateInput,
): Promise<OrganizationRecord> {
  await requireAdminOf(ctx, id);
  const input = parseInput(ctx, OrganizationUpdateSchema, rawInput);
  const errors: FieldError[] = [];
  if (input.name && (await nameTaken(ctx, input.name, id))) {
    errors.push({ code: 'UNIQUE', field: 'name', message: ctx.t('org:errors.nameExists') });
  }
  const current = await ctx.db('organizations').where({ id }).first('country');
  const country = input.country ?? current?.country ?? 'DE';
  if (input.country && !isOfferedCountry(input.country)) {
    errors.push({ code: 'INVALID', field: 'country', message: ctx.t('validation:invalidOption') });
  }
  let phone = input.phone;
  if (phone) {
    const parsed = parsePhoneNumberFromString(phone, country as CountryCode);
    if (!parsed || !parsed.isValid()) errors.push({ code: 'INVALID', field: 'phone', message: ctx.t('org:errors.phoneInvalid') });
    else phone = parsed.formatInternational();
  }
  if (input.avatarId) {
    const file = await ctx.db('files').where({ id: input.avatarId }).first('organization_id', 'mime_type');
    if (!file || file.organization_id !== id || !String(file.mime_type).startsWith('image/')) {
      errors.push({ code: 'INVALID', field: 'avatarId', message: ctx.t('validation:typeMismatch.default') });
    }
  }
  if (errors.length) throw DomainError.fromFieldErrors(errors);

  const patch: Record<string, unknown> = {
    name: input.name,
    email: input.email === '' ? null : input.email,
    phone,
    street_address: input.streetAddress,
    house_no: input.houseNo,
    postal_code: input.postalCode,
    city: input.city,
    country: input.country,
    support_url: input.supportUrl,
    homepage_url: input.homepageUrl,
    data_privacy: input.dataPrivacy,
    data_privacy_url: input.dataPrivacyUrl,
    imprint: input.imprint,
    avatar_id: input.avatarId,
  };
  for (const key of Object.keys(patch)) if (patch[key] === undefined) delete patch[key];
  try {
    const [org] = await ctx
      .db('organizations')
      .where({ id })
      .update({ ...patch, updated_at: ctx.db.fn.now() })
      .returning(organizationColumns());
    return org as OrganizationRecord;
  } catch (error) {
    if (isUniqueViolation(error, 'organizations_name_lower_uniq')) {
      throw new DomainError('UNIQUE', ctx.t('org:errors.nameExists'), 'name');
    }
    throw error;
  }
}

/** An organisation by slug, for its members and for platform staff; anyone else gets NOT_FOUND. */
export async function organizationBySlug(ctx: ServiceContext, slug: string): Promise<OrganizationRecord> {
  const viewer = requireViewer(ctx);
  const org = (await ctx.db('organizations').where({ slug }).first(organizationColumns())) as OrganizationRecord | undefined;
  const allowed = org && (viewer.organizations.some((o) => o.id === org.id) || isStaffViewer(ctx));
  if (!org || !allowed) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'));
  return org;
}

function isStaffViewer(ctx: ServiceContext): boolean {
  try {
    requireStaff(ctx);
    return true;
  } catch {
    return false;
  }
}

export interface OrganizationPage {
  items: (OrganizationRecord & { member_count: number })[];
  totalCount: number;
  hasNextPage: boolean;
}

/** All organisations for platform staff: searchable by name, slug or e-mail, paginated, with member counts. */
export async function listOrganizations(
  ctx: ServiceContext,
  options: { search?: string | null; first?: number | null; offset?: number | null } = {},
): Promise<OrganizationPage> {
  requireStaff(ctx);
  const first = Math.min(Math.max(options.first ?? 25, 1), 100);
  const offset = Math.max(options.offset ?? 0, 0);
  const base = ctx.db('organizations as o');
  const search = options.search?.trim();
  if (search) {
    const like = `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    base.where((q) => q.whereILike('o.name', like).orWhereILike('o.slug', like).orWhereILike('o.email', like));
  }
  const [{ count }] = await base.clone().count<{ count: number }[]>('* as count');
  const rows = await base
    .clone()
    .leftJoin('organization_members as m', 'm.organization_id', 'o.id')
    .groupBy('o.id')
    .orderBy('o.name', 'asc')
    .limit(first + 1)
    .offset(offset)
    .select([...organizationColumns('o'), ctx.db.raw('count(m.id)::int as member_count')]);
  return { items: rows.slice(0, first), totalCount: Number(count), hasNextPage: rows.length > first };
}

/**
 * Makes one of the viewer's organisations their default. The caller re-authenticates afterwards
 * (spec 001 point 7: success message, then /logout).
 */
export async function setDefaultOrganization(ctx: ServiceContext, organizationId: string): Promise<void> {
  const viewer = requireViewer(ctx);
  if (!isUuid(organizationId)) throw permissionDenied(ctx);
  const membership = await ctx
    .db('organization_members')
    .where({ organization_id: organizationId, user_id: viewer.userId })
    .first('id');
  if (!membership) throw permissionDenied(ctx);
  await ctx.db('users').where({ id: viewer.userId }).update({ default_organization_id: organizationId, updated_at: ctx.db.fn.now() });
}
