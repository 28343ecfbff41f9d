import { FEATURE_NAMES, Feature, type FeatureName, type PackageName } from '~/lib/features';
import type { ServiceContext } from '~/server/context.server';
import { findFile } from '~/server/services/files/files.server';
import {
  acceptInvitation,
  cancelInvite,
  inviteUser,
  listMyInvites,
  listOrganizationInvites,
  type InviteRecord,
} from '~/server/services/organizations/invites';
import { invitesByOrganization, membersByOrganization } from '~/server/services/organizations/loaders';
import { listMembers, removeMember, salesUserUpdate, type MemberRecord } from '~/server/services/organizations/members';
import {
  createOrganization,
  listOrganizations,
  organizationBySlug,
  setDefaultOrganization,
  updateOrganization,
  type OrganizationRecord,
} from '~/server/services/organizations/organizations';
import { hasPackage, setOrganizationSuites, suitesFrom } from '~/server/services/organizations/suites';
import { requireStaff } from '~/server/services/authz';
import type { FeatureEnum, Invite, Member, PackageEnum, Resolvers } from '../generated/types';
import { asQuery, payload, withOk } from '../errors';
import { toGraphQL as fileToGraphQL } from './files';

const PACKAGES: PackageName[] = ['BASIC', 'EVENT', 'SALES', 'DATA', 'DLG'];
const featureEnum = (name: FeatureName) => name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase() as FeatureEnum;
const featureName = (value: FeatureEnum) =>
  value.toLowerCase().replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()) as FeatureName;

function isStaff(ctx: ServiceContext): boolean {
  try {
    requireStaff(ctx);
    return true;
  } catch {
    return false;
  }
}

const isMemberOf = (ctx: ServiceContext, organizationId: string) =>
  Boolean(ctx.viewer?.organizations.some((o) => o.id === organizationId));

const isAdminOf = (ctx: ServiceContext, organizationId: string) =>
  ctx.viewer?.organization?.id === organizationId && (ctx.viewer.role === 'admin' || ctx.viewer.isOwner);

function member(m: MemberRecord): Member {
  return {
    id: m.user_id,
    email: m.email,
    firstName: m.first_name,
    lastName: m.last_name,
    role: m.role === 'sales' ? 'SALES' : 'ADMIN',
    isOwner: m.is_owner,
    sales: m.sales || m.role === 'sales',
    joined: m.joined_at,
  };
}

function invite(i: InviteRecord & { organization_name?: string }): Invite {
  return {
    id: i.id,
    email: i.email,
    role: i.role === 'sales' ? 'SALES' : 'ADMIN',
    state: i.state,
    accepted: Boolean(i.accepted_at),
    organization: { id: i.organization_id, name: i.organization_name ?? '' },
    expires: i.expires_at,
    created: i.created_at,
  };
}

const roleOf = (value: 'ADMIN' | 'SALES' | null | undefined) => (value === 'SALES' ? 'sales' : 'admin');

export const organizationResolvers: Resolvers = {
  Organization: {
    address: (org) => {
      const o = org as unknown as OrganizationRecord;
      return {
        streetAddress: o.street_address,
        houseNo: o.house_no,
        postalCode: o.postal_code,
        city: o.city,
        country: o.country,
        phone: o.phone,
      };
    },
    avatar: async (org, _args, ctx) => {
      const id = (org as unknown as OrganizationRecord).avatar_id;
      const file = id ? await findFile(ctx.service, id) : null;
      return file ? fileToGraphQL(file) : null;
    },
    features: (org) => FEATURE_NAMES.filter((n) => (org.suites & Feature[n]) === Feature[n]).map(featureEnum),
    packages: (org) => PACKAGES.filter((p) => hasPackage(org.suites, p)) as PackageEnum[],
    created: (org) => (org as unknown as OrganizationRecord).created_at,
    isActive: (org) => (org as unknown as OrganizationRecord).is_active,
    urls: (org) => {
      const o = org as unknown as OrganizationRecord;
      return [o.homepage_url, o.support_url].filter(Boolean);
    },
    supportUrl: (org) => (org as unknown as OrganizationRecord).support_url,
    homepageUrl: (org) => (org as unknown as OrganizationRecord).homepage_url,
    dataPrivacy: (org) => (org as unknown as OrganizationRecord).data_privacy,
    dataPrivacyUrl: (org) => (org as unknown as OrganizationRecord).data_privacy_url,
    chatEnabled: (org) => (org as unknown as OrganizationRecord).chat_enabled,
    users: async (org, _args, ctx) => {
      if (!isMemberOf(ctx.service, org.id) && !isStaff(ctx.service)) return [];
      return (await membersByOrganization(ctx.service).load(org.id)).map(member);
    },
    invites: async (org, _args, ctx) => {
      if (!isAdminOf(ctx.service, org.id) && !isStaff(ctx.service)) return [];
      return (await invitesByOrganization(ctx.service).load(org.id)).map(invite);
    },
    memberCount: async (org, _args, ctx) => {
      const known = (org as unknown as { member_count?: number }).member_count;
      return known ?? (await membersByOrganization(ctx.service).load(org.id)).length;
    },
  },
  Query: {
    organization: (_root, args, ctx) =>
      asQuery(async () => {
        try {
          return (await organizationBySlug(ctx.service, args.slug)) as never;
        } catch (error) {
          // an organisation the viewer may not see does not exist for them
          if ((error as { code?: string }).code === 'NOT_FOUND') return null;
          throw error;
        }
      }),
    organizations: (_root, args, ctx) =>
      asQuery(async () => {
        const page = await listOrganizations(ctx.service, { search: args.search, first: args.first, offset: args.offset });
        return { ...page, items: page.items as never };
      }),
    userInOrg: (_root, _args, ctx) =>
      asQuery(async () => {
        return (await listMembers(ctx.service)).map(member);
      }),
    orgInvites: (_root, _args, ctx) =>
      asQuery(async () => {
        return (await listOrganizationInvites(ctx.service)).map(invite);
      }),
    myInvites: (_root, _args, ctx) =>
      asQuery(async () => {
        return (await listMyInvites(ctx.service)).map(invite);
      }),
    exhibitorOnboarding: (_root, _args, ctx) =>
      asQuery(async () => {
        const invites = await listMyInvites(ctx.service);
        return { hasOrganization: Boolean(ctx.service.viewer?.organization), invites: invites.map(invite) };
      }),
  },
  Mutation: {
    organizationCreate: (_root, args, ctx) =>
      payload(async () => ({
        organization: (await createOrganization(ctx.service, {
          name: args.input.name,
          slug: args.input.slug ?? undefined,
          email: args.input.email ?? undefined,
        })) as never,
      })),
    organizationUpdate: (_root, args, ctx) =>
      payload(async () => {
        const input = Object.fromEntries(Object.entries(args.input).filter(([, v]) => v !== null && v !== undefined));
        return { organization: (await updateOrganization(ctx.service, args.id, input)) as never };
      }),
    inviteUser: (_root, args, ctx) =>
      payload(async () => ({ invite: invite(await inviteUser(ctx.service, { email: args.email, role: roleOf(args.role) })) })),
    cancelInvite: (_root, args, ctx) =>
      payload(async () => ({ id: await cancelInvite(ctx.service, args.id) })).then(withOk),
    removeUser: (_root, args, ctx) =>
      payload(async () => {
        await removeMember(ctx.service, args.id);
        return { id: args.id };
      }).then(withOk),
    acceptInvitation: (_root, args, ctx) =>
      payload(async () => ({ invite: invite(await acceptInvitation(ctx.service, args.email, args.token)) })),
    setOrganizationSuites: (_root, args, ctx) =>
      payload(async () => {
        const mask =
          args.suites ??
          suitesFrom(
            (args.packages ?? []) as PackageName[],
            (args.features ?? []).map(featureName),
          );
        return { organization: (await setOrganizationSuites(ctx.service, args.id, mask)) as never };
      }),
    setDefaultOrganization: (_root, args, ctx) =>
      payload(async () => {
        await setDefaultOrganization(ctx.service, args.id);
        return {};
      }).then(withOk),
    salesUserUpdate: (_root, args, ctx) =>
      payload(async () => ({ member: member(await salesUserUpdate(ctx.service, args.userId, args.sales)) })),
  },
};
