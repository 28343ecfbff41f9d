import { useRouteLoaderData } from '@remix-run/react';

/** What the root loader (app/root.tsx) hands every page. */
export interface RootData {
  locale: 'de' | 'en';
  language: 'DE' | 'EN';
  consent: boolean | null;
  toast: { type: 'success' | 'error' | 'info'; key: string; values?: Record<string, string | number> } | null;
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    isStaff: boolean;
    sales: boolean;
    features: number;
    organization: { id: string; name: string; slug: string } | null;
    organizations: { id: string; name: string; slug: string }[];
  } | null;
}

/** The root loader's data from anywhere in the tree (undefined while an error boundary renders without it). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}
