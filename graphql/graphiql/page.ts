import type { TFunction } from 'i18next';
import { toLocale, type Language } from '~/lib/language';
import type { GraphiQLManifest } from './assets';

export interface GraphiQLPageOptions {
  /** the GraphQL endpoint the page talks to */
  endpoint: string;
  /** where the bundle's files are served */
  assetsPath: string;
  manifest: GraphiQLManifest | null;
  language: Language;
  t: TFunction;
  /** the session's CSRF token, sent by the fetcher with cookie-authenticated mutations (null without a session) */
  csrfToken: string | null;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The HTML shell of GraphiQL: the bundle's script and styles from our own origin, nothing inline. */
export function renderGraphiQLPage(options: GraphiQLPageOptions): string {
  const { manifest, t } = options;
  const asset = (file: string) => escapeHtml(`${options.assetsPath}/${file}`);
  const head = manifest
    ? `<link rel="stylesheet" href="${asset(manifest.css)}">\n<script type="module" src="${asset(manifest.js)}"></script>`
    : '';
  const unavailable = manifest ? '' : `<p>${escapeHtml(t('errors:graphiql.unavailable'))}</p>`;
  return `<!DOCTYPE html>
<html lang="${toLocale(options.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(t('errors:graphiql.title'))}</title>
<style>html, body, #graphiql { height: 100%; margin: 0; }</style>
${head}
</head>
<body>
<main id="graphiql" data-endpoint="${escapeHtml(options.endpoint)}"${options.csrfToken ? ` data-csrf-token="${escapeHtml(options.csrfToken)}"` : ''}>
<noscript><p>${escapeHtml(t('errors:graphiql.noscript'))}</p></noscript>
${unavailable}
</main>
</body>
</html>
`;
}
