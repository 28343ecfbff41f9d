import { PageView } from '~/components/content-pages/page-view';
import type { LinkedPageView } from '~/server/services/content-pages/pages';

/**
 * An inactive convention's content page (spec 000 point 4; issue 16), shown at /convention/{c} inside the
 * convention's layout. The layout loads this module lazily, so conventions without such a page ship no renderer.
 */
export default function ConventionInactivePage({ page }: { page: Pick<LinkedPageView, 'slug' | 'name' | 'pageLanguage' | 'layout' | 'files'> }) {
  return (
    <article className="mx-auto max-w-6xl overflow-hidden rounded-lg bg-white shadow-sm" lang={page.pageLanguage.toLowerCase()} data-inactive-page={page.slug}>
      <h1 className="sr-only">{page.name}</h1>
      <PageView layout={page.layout} files={page.files} />
    </article>
  );
}
