import { featureNamesOf, type PackageName } from '~/lib/features';
import {
  acceptInvitation,
  cancelInvite,
  invitesOf,
  inviteUser,
  listMyInvites,
  listOrganizationInvites,
} from '~/server/services/organizations/invites';
import { listMembers, memberCount, membersOf, removeMember, salesUserUpdate } from '~/server/services/organizations/members';
import {
  createOrganization,
  listOrganizations,
  organizationBySlug,
  setDefaultOrganization,
  updateOrganization,
} from '~/server/services/organizations/organizations';
import { hasPackage, setOrganizationSuites, suitesFrom } from '~/server/services/organizations/suites';
import type { PackageEnum, Resolvers } from '../generated/types';
import { asQuery, payload, withOk } from '../errors';
import { ENUM_VALUES } from '../mappers';
import { fileField } from './files';

const PACKAGES: PackageName[] = ['BASIC', 'EVENT', 'SALES', 'DATA', 'DLG'];

/** Fields named like their column (`supportUrl`, `isOwner`, ...) resolve without a resolver (graphql/mappers.ts). */
export const organizationResolvers: Resolvers = {
  MemberRoleEnum: ENUM_VALUES.MemberRoleEnum,
  FeatureEnum: ENUM_VALUES.FeatureEnum,
  Organization: {
    address: (org) => ({
      streetAddress: org.street_address,
      houseNo: org.house_no,
      postalCode: org.postal_code,
      city: org.city,
      country: org.country,
      phone: org.phone,
    }),
    avatar: (org, _args, ctx) => fileField(ctx.service, org.avatar_id),
    features: (org) => featureNamesOf(org.suites),
    packages: (org) => PACKAGES.filter((p) => hasPackage(org.suites, p)) as PackageEnum[],
    created: (org) => org.created_at,
    urls: (org) => [org.homepage_url, org.support_url].filter(Boolean),
    users: (org, _args, ctx) => membersOf(ctx.service, org.id),
    invites: (org, _args, ctx) => invitesOf(ctx.service, org.id),
    // the staff list counts members in its query
    memberCount: (org, _args, ctx) =>
      'member_count' in org && typeof org.member_count === 'number' ? org.member_count : memberCount(ctx.service, org.id),
  },
  Member: {
    // a member is named by their user id (removeUser, salesUserUpdate take it)
    id: (member) => member.user_id,
    sales: (member) => member.sales || member.role === 'sales',
    joined: (member) => member.created_at,
  },
  Invite: {
    accepted: (invite) => Boolean(invite.accepted_at),
    organization: (invite) => ({ id: invite.organization_id, name: invite.organization_name }),
    expires: (invite) => invite.expires_at,
    created: (invite) => invite.created_at,
  },
  Query: {
    organization: (_root, args, ctx) =>
      asQuery(async () => {
        try {
          return await organizationBySlug(ctx.service, args.slug);
        } catch (error) {
          // an organisation the viewer may not see does not exist for them
          if ((error as { code?: string }).code === 'NOT_FOUND') return null;
          throw error;
        }
      }),
    organizations: (_root, args, ctx) =>
      asQuery(() => listOrganizations(ctx.service, { search: args.search, first: args.first, offset: args.offset })),
    userInOrg: (_root, _args, ctx) => asQuery(() => listMembers(ctx.service)),
    orgInvites: (_root, _args, ctx) => asQuery(() => listOrganizationInvites(ctx.service)),
    myInvites: (_root, _args, ctx) => asQuery(() => listMyInvites(ctx.service)),
    exhibitorOnboarding: (_root, _args, ctx) =>
      asQuery(async () => ({ hasOrganization: Boolean(ctx.service.viewer?.organization), invites: await listMyInvites(ctx.service) })),
  },
  Mutation: {
    organizationCreate: (_root, args, ctx) =>
      payload(async () => ({
        organization: await createOrganization(ctx.service, {
          name: args.input.name,
          slug: args.input.slug ?? undefined,
          email: args.input.email ?? undefined,
        }),
      })),
    organizationUpdate: (_root, args, ctx) =>
      payload(async () => {
        const input = Object.fromEntries(Object.entries(args.input).filter(([, v]) => v !== null && v !== undefined));
        return { organization: await updateOrganization(ctx.service, args.id, input) };
      }),
    inviteUser: (_root, args, ctx) => payload(async () => ({ invite: await inviteUser(ctx.service, { email: args.email, role: args.role }) })),
    cancelInvite: (_root, args, ctx) =>
      payload(async () => ({ id: await cancelInvite(ctx.service, args.id) })).then(withOk),
    removeUser: (_root, args, ctx) =>
      payload(async () => {
        await removeMember(ctx.service, args.id);
        return { id: args.id };
      }).then(withOk),
    acceptInvitation: (_root, args, ctx) => payload(async () => ({ invite: await acceptInvitation(ctx.service, args.email, args.token) })),
    setOrganizationSuites: (_root, args, ctx) =>
      payload(async () => {
        const mask = args.suites ?? suitesFrom((args.packages ?? []) as PackageName[], args.features ?? []);
        return { organization: await setOrganizationSuites(ctx.service, args.id, mask) };
      }),
    setDefaultOrganization: (_root, args, ctx) =>
      payload(async () => {
        await setDefaultOrganization(ctx.service, args.id);
        return {};
      }).then(withOk),
    salesUserUpdate: (_root, args, ctx) =>
      payload(async () => ({ member: await salesUserUpdate(ctx.service, args.userId, args.sales) })),
  },
};
