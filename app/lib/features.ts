/** Feature bits of an organisation's booked suites (spec 001, point 6). */
export const Feature = {
  content: 1,
  personalization: 2,
  userManagement: 4,
  lead: 8,
  salesHub: 16,
  event: 32,
  email: 64,
  chats: 128,
  appointment: 256,
  platformAdmin: 512,
  leadTracking: 1024,
  dlg: 2048,
} as const;

export type FeatureName = keyof typeof Feature;

export const FEATURE_NAMES = Object.keys(Feature) as FeatureName[];

const bits = (...names: FeatureName[]) => names.reduce((mask, n) => mask | Feature[n], 0);

/**
 * Packages as masks. BASIC, EVENT and SALES are given by the spec; DATA and DLG are not, so DATA is the
 * lead-tracking data suite and DLG the DLG branding bit on their own.
 */
export const Package = {
  BASIC: bits('content', 'personalization', 'userManagement', 'lead', 'email', 'appointment'),
  EVENT: bits('content', 'personalization', 'userManagement', 'event', 'email', 'chats', 'appointment'),
  SALES: bits('content', 'personalization', 'userManagement', 'lead', 'salesHub', 'email', 'appointment'),
  DATA: bits('leadTracking'),
  DLG: bits('dlg'),
} as const;

export type PackageName = keyof typeof Package;

export function hasFeature(mask: number, feature: FeatureName): boolean {
  return (mask & Feature[feature]) === Feature[feature];
}

export function featureNamesOf(mask: number): FeatureName[] {
  return FEATURE_NAMES.filter((name) => hasFeature(mask, name));
}

export function isFeatureName(value: string): value is FeatureName {
  return (FEATURE_NAMES as string[]).includes(value);
}

/** A sales user only gets lead capture and the sales suite, if booked (spec 001 point 6), plus the DLG look. */
export const SALES_USER_FEATURES = Feature.lead | Feature.salesHub | Feature.leadTracking | Feature.dlg;

/**
 * What a sales user may open, whatever their organisation has booked: the one rule the sidebar, the account menu,
 * the dashboard and the route guard's "not for your role" notice all follow.
 */
export function salesUserMayUse(feature: FeatureName): boolean {
  return (SALES_USER_FEATURES & Feature[feature]) === Feature[feature];
}

/** The features a member can use: the organisation's suites, narrowed for sales users. */
export function effectiveFeatures(suites: number, salesUser: boolean): number {
  return salesUser ? suites & SALES_USER_FEATURES : suites;
}

export type SuiteName = 'basic' | 'sales' | 'event' | 'salesOrEvent' | 'data' | 'dlg' | 'admin';

/** The suite an access-denied text names for a missing feature: the smallest package that brings it. */
export function suiteForFeature(feature: FeatureName): SuiteName {
  const bit = Feature[feature];
  const inPackage = (name: PackageName) => (Package[name] & bit) === bit;
  if (feature === 'platformAdmin') return 'admin';
  if (inPackage('BASIC')) return 'basic';
  if (inPackage('EVENT') && inPackage('SALES')) return 'salesOrEvent';
  if (inPackage('EVENT')) return 'event';
  if (inPackage('SALES')) return 'sales';
  if (inPackage('DATA')) return 'data';
  return 'dlg';
}
