import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { Organization, OrganizationMember, UploadedFile, User } from '#db/models/index';
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
import { permissionDenied, requireViewer } from '../authz';
import { DomainError, type FieldError } from '../errors';
import { isOfferedCountry } from '../i18n/languages';
import { parseInput } from '../validation';
import { freeSlug, isUniqueViolation } from '../slugs';
import { refreshViewer } from '../../viewer.server';
import { mayManageOrganization, mayReadOrganization, requirePlatformStaff } from './policy';

/** Suites a new organisation starts with; platform staff book more (spec: suites booked per organisation). */
export const NEW_ORGANIZATION_SUITES = Package.BASIC;

async function nameTaken(ctx: ServiceContext, name: string, exceptId?: string): Promise<boolean> {
  const query = Organization.query(ctx.db).whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId) query.whereNot('id', exceptId);
  return Boolean(await query.first());
}

/**
 * Creates an organisation for the viewer (onboarding): the viewer becomes its owner and admin, and it becomes
 * their default organisation. Name unique (case-insensitive), slug unique.
 */
export async function createOrganization(ctx: ServiceContext, rawInput: OrganizationCreateInput): Promise<Organization> {
  const viewer = requireViewer(ctx);
  const input = parseInput(ctx, OrganizationCreateSchema, rawInput);
  const errors: FieldError[] = [];
  if (await nameTaken(ctx, input.name)) errors.push({ code: 'UNIQUE', field: 'name', message: ctx.t('org:errors.nameExists') });
  let slug = input.slug || '';
  if (slug && !SLUG_PATTERN.test(slug)) errors.push({ code: 'INVALID', field: 'slug', message: ctx.t('org:errors.slugInvalid') });
  else if (slug && (await Organization.query(ctx.db).findOne({ slug }))) {
    errors.push({ code: 'UNIQUE', field: 'slug', message: ctx.t('org:errors.slugExists') });
  }
  if (errors.length) throw DomainError.fromFieldErrors(errors);
  if (!slug) slug = await freeSlug(ctx, 'organizations', input.name, 'organisation');

  try {
    const created = await inTransaction(ctx, async (tx) => {
      const org = await Organization.query(tx.db)
        .insert({
          name: input.name,
          slug,
          email: input.email || viewer.email,
          suites: NEW_ORGANIZATION_SUITES,
          created_by_id: viewer.userId,
        })
        .returning('*');
      await OrganizationMember.query(tx.db).insert({ organization_id: org.id, user_id: viewer.userId, role: 'admin', is_owner: true });
      await User.query(tx.db).findById(viewer.userId).patch({ default_organization_id: org.id });
      return org;
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

/**
 * organizationUpdate: admins (and the owner) of the organisation itself whose organisation has booked user
 * management (spec 001 point 6; the edit page's feature guard). Anyone else: PERMISSION_DENIED.
 */
export async function updateOrganization(ctx: ServiceContext, id: string, rawInput: OrganizationUpdateInput): Promise<Organization> {
  const viewer = requireViewer(ctx);
  if (!isUuid(id)) throw permissionDenied(ctx);
  const [organization, membership] = await Promise.all([
    Organization.query(ctx.db).findById(id),
    OrganizationMember.query(ctx.db).findOne({ organization_id: id, user_id: viewer.userId }),
  ]);
  if (!organization || !mayManageOrganization(viewer, organization, membership ?? null)) throw permissionDenied(ctx);

  const input = parseInput(ctx, OrganizationUpdateSchema, rawInput);
  const errors: FieldError[] = [];
  if (input.name && (await nameTaken(ctx, input.name, id))) {
    errors.push({ code: 'UNIQUE', field: 'name', message: ctx.t('org:errors.nameExists') });
  }
  const country = input.country ?? organization.country;
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
    const file = await UploadedFile.query(ctx.db).findById(input.avatarId);
    if (!file || file.organization_id !== id || !file.mime_type.startsWith('image/')) {
      errors.push({ code: 'INVALID', field: 'avatarId', message: ctx.t('validation:typeMismatch.default') });
    }
  }
  if (errors.length) throw DomainError.fromFieldErrors(errors);

  const patch = {
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
  const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<typeof patch>;
  try {
    return await Organization.query(ctx.db).patchAndFetchById(id, defined);
  } catch (error) {
    if (isUniqueViolation(error, 'organizations_name_lower_uniq')) {
      throw new DomainError('UNIQUE', ctx.t('org:errors.nameExists'), 'name');
    }
    throw error;
  }
}

/** An organisation by slug, for its members and for platform staff; anyone else gets NOT_FOUND. */
export async function organizationBySlug(ctx: ServiceContext, slug: string): Promise<Organization> {
  const viewer = requireViewer(ctx);
  const org = await Organization.query(ctx.db).findOne({ slug });
  if (!org || !mayReadOrganization(viewer, org.id)) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'));
  return org;
}

/** An organisation row of the staff list, with its member count. */
export type OrganizationListRow = Organization & { member_count: number };

export interface OrganizationPage {
  items: OrganizationListRow[];
  totalCount: number;
  hasNextPage: boolean;
}

/**
 * All organisations for platform staff: searchable by name, slug, address (street, number, postcode, city, country)
 * and e-mail (the organisation's or a member's), paginated, with member counts.
 */
export async function listOrganizations(
  ctx: ServiceContext,
  options: { search?: string | null; first?: number | null; offset?: number | null } = {},
): Promise<OrganizationPage> {
  requirePlatformStaff(ctx);
  const first = Math.min(Math.max(options.first ?? 25, 1), 100);
  const offset = Math.max(options.offset ?? 0, 0);
  const base = Organization.query(ctx.db);
  const search = options.search?.trim();
  if (search) {
    const like = `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    // the address as one line ("Messedamm 22, 14055 Berlin") and each part; the organisation's and its members' e-mails
    const address = "concat_ws(' ', organizations.street_address, organizations.house_no, organizations.postal_code, organizations.city, organizations.country)";
    const addressWithComma = "concat(organizations.street_address, ' ', organizations.house_no, ', ', organizations.postal_code, ' ', organizations.city)";
    base.where((q) =>
      q
        .where('organizations.name', 'ilike', like)
        .orWhere('organizations.slug', 'ilike', like)
        .orWhere('organizations.email', 'ilike', like)
        .orWhereRaw(`${address} ilike ?`, [like])
        .orWhereRaw(`${addressWithComma} ilike ?`, [like])
        .orWhereExists((members) =>
          members
            .select(ctx.db.raw('1'))
            .from('organization_members as m')
            .join('users as u', 'u.id', 'm.user_id')
            .whereRaw('m.organization_id = organizations.id')
            .where('u.email', 'ilike', like),
        ),
    );
  }
  const totalCount = await base.clone().resultSize();
  const rows = await base
    .clone()
    .select('organizations.*', ctx.db.raw('(select count(*)::int from organization_members m where m.organization_id = organizations.id) as member_count'))
    .orderBy('name', 'asc')
    .limit(first + 1)
    .offset(offset)
    .castTo<OrganizationListRow[]>();
  return { items: rows.slice(0, first), totalCount, hasNextPage: rows.length > first };
}

/**
 * Makes one of the viewer's organisations their default. The caller re-authenticates afterwards
 * (spec 001 point 7: success message, then /logout).
 */
export async function setDefaultOrganization(ctx: ServiceContext, organizationId: string): Promise<void> {
  const viewer = requireViewer(ctx);
  if (!isUuid(organizationId)) throw permissionDenied(ctx);
  const membership = await OrganizationMember.query(ctx.db).findOne({ organization_id: organizationId, user_id: viewer.userId });
  if (!membership) throw permissionDenied(ctx);
  await User.query(ctx.db).findById(viewer.userId).patch({ default_organization_id: organizationId });
}
