import { useLocation } from '@remix-run/react';

/** Visitor pages whose views are recorded (the server's parseVisitorPath decides in the end). */
const RECORDED = /^\/(convention|exhibition|stage|virtual-room|standalone-room|content)\//;

/**
 * The page-view recorder (issue 30): a plain script of its own (`public/visit.js`, under 1 KiB gzipped, `async`, so it
 * never delays rendering and adds nothing to the page bundles) that reports views and times on page once the visitor
 * accepted analytics cookies; without JavaScript an image reports the view (without a duration) when the stored
 * choice is "true".
 */
export function VisitRecorder({ consent }: { consent: boolean | null }) {
  const { pathname } = useLocation();
  return (
    <>
      <script src="/visit.js" async />
      {consent === true && RECORDED.test(pathname) ? (
        <noscript>
          <img src={`/resources/visit?p=${encodeURIComponent(pathname)}`} alt="" width={1} height={1} className="absolute h-px w-px" />
        </noscript>
      ) : null}
    </>
  );
}
