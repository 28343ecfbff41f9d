import { useRouteLoaderData } from '@remix-run/react';
import type { ExhibitionLayoutData } from '~/routes/exhibition.$slug';

/** The route id of the in-house fair's layout (app/routes/exhibition.$slug.tsx). */
export const EXHIBITION_ROUTE = 'routes/exhibition.$slug';

/** The in-house fair's layout data (exhibition, language, viewer) from any page inside it. */
export function useExhibitionData(): ExhibitionLayoutData {
  return useRouteLoaderData(EXHIBITION_ROUTE) as ExhibitionLayoutData;
}

/** A page title inside the fair: the page's own name, then the fair's (meta functions read it from the matches). */
export function exhibitionTitle(matches: readonly { id: string; data: unknown }[], own: string | undefined): string {
  const name = (matches.find((m) => m.id === EXHIBITION_ROUTE)?.data as ExhibitionLayoutData | undefined)?.exhibition.name;
  return [own, name].filter(Boolean).join(' · ');
}
