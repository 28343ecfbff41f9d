import { useRouteLoaderData } from '@remix-run/react';
import type { ConventionLayoutData } from '~/routes/convention.$conventionslug';

/** The route id of the convention layout (app/routes/convention.$conventionslug.tsx). */
export const CONVENTION_ROUTE = 'routes/convention.$conventionslug';

/** The convention layout's data (convention, navigation, viewer) from any page inside it. */
export function useConventionData(): ConventionLayoutData {
  return useRouteLoaderData(CONVENTION_ROUTE) as ConventionLayoutData;
}
