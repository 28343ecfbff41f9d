import { PageView } from './page-view';
import type { PageFile } from './context';
import type { PageLayout } from '~/lib/content-pages/layout';

export interface PageArticleProps {
  page: { slug: string; name: string; pageLanguage: string; layout: PageLayout; files: Record<string, PageFile> };
}

/**
 * A content page inside a convention's layout (issue 16): an inactive convention's page at /convention/{c}, the
 * help page at /convention/{c}/help/{slug}. Loaded through LazyPageArticle, so pages without one ship no renderer.
 */
export default function PageArticle({ page }: PageArticleProps) {
  return (
    <article className="mx-auto max-w-6xl overflow-hidden rounded-lg bg-white shadow-sm" lang={page.pageLanguage.toLowerCase()} data-content-page={page.slug}>
      <h1 className="sr-only">{page.name}</h1>
      <PageView layout={page.layout} files={page.files} />
    </article>
  );
}
