// The GraphiQL page's script, bundled by scripts/build-graphiql.mjs (no CDN: works offline and under our CSP).
import { GraphiQL } from 'graphiql';
import type { ComponentProps } from 'react';
import { createRoot } from 'react-dom/client';
import 'graphiql/graphiql.css';

type Fetcher = ComponentProps<typeof GraphiQL>['fetcher'];

const container = document.getElementById('graphiql');
if (container) {
  const endpoint = container.dataset.endpoint ?? '/graphql/';
  // The session cookie goes along (same origin); the session's CSRF token, rendered into the page, proves that the
  // call comes from a page we served in this session.
  const csrfToken = container.dataset.csrfToken;
  const fetcher: Fetcher = async (params, options) => {
    const response = await fetch(endpoint, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...(csrfToken ? { 'x-csrf-token': csrfToken } : {}),
        ...options?.headers,
      },
      body: JSON.stringify(params),
    });
    return response.json();
  };
  createRoot(container).render(<GraphiQL fetcher={fetcher} defaultEditorToolsVisibility="headers" />);
}
