// Single fetch is on (vite.config.ts); this tells Remix's types, so `useLoaderData<typeof loader>()` and
// `useActionData<typeof action>()` infer what `data()` and plain objects carry (decision 013).
import '@remix-run/node';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}
