import { useRouteLoaderData } from '@remix-run/react';
import type { loader } from '~/routes/convention.$conventionslug.hall.$hallslug';

/** The hall layout's data (the hall and its approved stands) from the pages inside it. */
export function useHallData() {
  return useRouteLoaderData<typeof loader>('routes/convention.$conventionslug.hall.$hallslug')!;
}
