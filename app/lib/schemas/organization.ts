import { z } from 'zod';
import { httpUrl } from '~/lib/url';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const optionalUrl = httpUrl(500).or(z.literal('')).optional();

/** Creating an organisation (onboarding, GraphQL organizationCreate). */
export const OrganizationCreateSchema = z.object({
  name: z.string().trim().min(2).max(255),
  slug: z.string().trim().toLowerCase().max(100).regex(SLUG_PATTERN).optional().or(z.literal('')),
  email: z.string().trim().email().max(254).optional().or(z.literal('')),
});

/** Editing an organisation (/edit-organisation, organizationUpdate). Every field optional: a patch. */
export const OrganizationUpdateSchema = z.object({
  name: z.string().trim().min(2).max(255).optional(),
  email: z.string().trim().email().max(254).or(z.literal('')).optional(),
  phone: z.string().trim().max(40).optional(),
  streetAddress: z.string().trim().max(255).optional(),
  houseNo: z.string().trim().max(20).optional(),
  postalCode: z.string().trim().max(20).regex(/^[0-9A-Za-z -]*$/).optional(),
  city: z.string().trim().max(255).optional(),
  country: z.string().trim().toUpperCase().length(2).optional(),
  supportUrl: optionalUrl,
  homepageUrl: optionalUrl,
  dataPrivacy: z.string().max(20000).optional(),
  dataPrivacyUrl: optionalUrl,
  imprint: z.string().max(20000).optional(),
  avatarId: z.string().uuid().nullable().optional(),
});

export type OrganizationCreateInput = z.infer<typeof OrganizationCreateSchema>;
export type OrganizationUpdateInput = z.infer<typeof OrganizationUpdateSchema>;

export const MEMBER_ROLES = ['admin', 'sales'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const InviteSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  role: z.enum(MEMBER_ROLES).default('admin'),
});
