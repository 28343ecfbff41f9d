import { resources } from './resources.generated';

/**
 * All translations, bundled into the server (services translate their error messages). The browser loads
 * only the namespaces of its language from /locales/{lng}/{ns}.json. A namespace is one JSON file per language;
 * resources.generated.ts collects them (`npm run codegen`), and a unit test checks that every JSON file in locales/
 * is there and that DE and EN have the same keys.
 */
export { resources };

export type Namespace = keyof (typeof resources)['en'];
export const NAMESPACES = Object.keys(resources.en) as Namespace[];
