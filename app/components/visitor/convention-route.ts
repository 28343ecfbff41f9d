/** The route id of the convention layout (app/routes/convention.$conventionslug.tsx). */
export const CONVENTION_ROUTE = 'routes/convention.$conventionslug';

/** A page title inside a convention: the page's own name, then the convention's (for meta functions). */
export function conventionPageTitle(matches: readonly { id: string; data: unknown }[], own: string | undefined): string {
  const convention = (matches.find((m) => m.id === CONVENTION_ROUTE)?.data as { convention?: { title: string } } | undefined)?.convention;
  return [own, convention?.title].filter(Boolean).join(' · ');
}
