import i18next from 'i18next';
import { lazy, Suspense } from 'react';
import type { PageArticleProps } from './page-article';

/**
 * The renderer of a content page and its `pages` texts, loaded together and only where a page is shown: the
 * convention layout (an inactive convention's page) and its help page stay within the visitor JavaScript budget.
 * The server renders the page whole (entry.server waits for lazy components) and the browser keeps that HTML
 * until both have arrived, so the page reads without JavaScript and hydrates without flicker.
 */
const PageArticle = lazy(async () => {
  const load = import('./page-article');
  if (typeof document !== 'undefined') await i18next.loadNamespaces(['pages']);
  return load;
});

export function LazyPageArticle(props: PageArticleProps) {
  return (
    <Suspense fallback={null}>
      <PageArticle {...props} />
    </Suspense>
  );
}
