import { Organization } from '#db/models/index';
import { Feature, FEATURE_NAMES, Package, type FeatureName, type PackageName } from '~/lib/features';
import type { ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { DomainError } from '../errors';
import { requirePlatformStaff } from './policy';

const ALL_BITS = FEATURE_NAMES.reduce((mask, name) => mask | Feature[name], 0);
/** Bits only the event or sales suites bring; they need the basic suite. */
const NEEDS_BASIC = Feature.event | Feature.chats | Feature.salesHub;

export const hasPackage = (mask: number, name: PackageName) => (mask & Package[name]) === Package[name];

/**
 * Applies the suite rules to a requested mask (spec 001 point 6): removing basic also removes event and sales;
 * adding event or sales without basic is refused. Returns the mask to store.
 */
export function normalizeSuites(previous: number, requested: number): { mask: number } | { error: 'suitesNeedBasic' } {
  const next = requested & ALL_BITS;
  if (hasPackage(next, 'BASIC') || !(next & NEEDS_BASIC)) return { mask: next };
  const hadBasic = hasPackage(previous, 'BASIC');
  if (hadBasic) return { mask: next & ~NEEDS_BASIC };
  return { error: 'suitesNeedBasic' };
}

export function suitesFrom(packages: PackageName[], features: FeatureName[]): number {
  return packages.reduce((m, p) => m | Package[p], 0) | features.reduce((m, f) => m | Feature[f], 0);
}

/** Platform staff set an organisation's suites; members see the change within five minutes (token refresh). */
export async function setOrganizationSuites(ctx: ServiceContext, organizationId: string, suites: number): Promise<Organization> {
  requirePlatformStaff(ctx);
  assertId(ctx, organizationId);
  const org = await Organization.query(ctx.db).findById(organizationId);
  if (!org) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'id');
  const result = normalizeSuites(org.suites, suites);
  if ('error' in result) throw new DomainError('INVALID', ctx.t(`org:errors.${result.error}`), 'suites');
  return Organization.query(ctx.db).patchAndFetchById(organizationId, { suites: result.mask });
}

/**
 * The mask a staff member means with a form of package and feature checkboxes: checked packages and features
 * are booked; a package that was booked and is now unchecked takes its bits with it (unless a still checked
 * package brings them). Unchecking BASIC also unchecks EVENT and SALES (spec 001 point 6).
 */
export function suitesFromSelection(selection: {
  packages: PackageName[];
  previousPackages: PackageName[];
  features: FeatureName[];
}): number {
  let packages = selection.packages;
  if (selection.previousPackages.includes('BASIC') && !packages.includes('BASIC')) {
    packages = packages.filter((p) => p !== 'EVENT' && p !== 'SALES');
  }
  const kept = suitesFrom(packages, []);
  let mask = suitesFrom(packages, selection.features);
  for (const dropped of selection.previousPackages.filter((p) => !packages.includes(p))) mask &= ~(Package[dropped] & ~kept);
  return mask;
}
