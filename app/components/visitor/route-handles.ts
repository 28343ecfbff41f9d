import { withNamespaces } from '~/lib/i18n-namespaces';

/**
 * The `handle` and `clientLoader` of a visitor page (convention, hall, stand, in-house fair) that needs the visitor
 * texts only: a route re-exports them (`export { visitorHandle as handle, ... }`).
 */
export const visitorHandle = { i18n: ['common', 'errors', 'validation', 'visitor'] };
export const visitorClientLoader = withNamespaces(visitorHandle.i18n);

/** The same for a visitor page that shows a content page (its blocks' texts are the `pages` namespace). */
export const visitorPagesHandle = { i18n: [...visitorHandle.i18n, 'pages'] };
export const visitorPagesClientLoader = withNamespaces(visitorPagesHandle.i18n);
