import { Outlet, useRouteError } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PublicShell } from '~/components/layout/public-shell';
import { useRootData } from '~/components/root-data';

/** Pathless layout for register/login style pages: nest them as `_public.<route>.tsx`. */
export default function PublicLayout() {
  const root = useRootData();
  return (
    <PublicShell language={root?.language ?? 'EN'}>
      <Outlet />
    </PublicShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary error={useRouteError()} />;
}
