import type { ClientLoaderFunctionArgs } from '@remix-run/react';
import i18next from 'i18next';

/**
 * A route's `clientLoader` that loads its translation namespaces together with its data, so a client-side
 * navigation renders the page already translated (no flash of keys). The first page load gets every
 * namespace of the matched routes before hydration (entry.client), so this only runs on navigations.
 * Use: `export const clientLoader = withNamespaces(handle.i18n);` — tests/unit/route-table.test.ts checks it.
 */
export function withNamespaces(namespaces: readonly string[]) {
  return async ({ serverLoader }: ClientLoaderFunctionArgs) => {
    const [data] = await Promise.all([serverLoader(), i18next.loadNamespaces([...namespaces])]);
    return data;
  };
}
