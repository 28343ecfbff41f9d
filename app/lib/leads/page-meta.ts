import type { MetaFunction } from '@remix-run/node';

/**
 * The title of every lead page is the organisation's name (spec 000 point 2, "Lead pages' layout"), as the lead
 * layout's loader found it (`routes/_console.leads`).
 */
export const leadPageMeta: MetaFunction = ({ matches }) => {
  const layout = matches.find((match) => match.id === 'routes/_console.leads')?.data as { branding?: { organizationName?: string } } | undefined;
  return [{ title: layout?.branding?.organizationName ?? '' }];
};
