import { useRouteLoaderData } from '@remix-run/react';
import type { ConventionLayoutData } from '~/routes/convention.$conventionslug';
import { CONVENTION_ROUTE } from './convention-route';

/** The convention layout's data (convention, navigation, viewer) from any page inside it. */
export function useConventionData(): ConventionLayoutData {
  return useRouteLoaderData(CONVENTION_ROUTE) as ConventionLayoutData;
}
