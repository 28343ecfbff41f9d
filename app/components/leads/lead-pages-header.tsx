import { useTranslation } from 'react-i18next';
import { BRAND_CLASSES } from '~/lib/brand-theme';

/** What lead pages show of the lead form's personalization (spec 000 point 2, "Lead pages' layout"). */
export interface LeadBranding {
  organizationName: string;
  logoUrl: string | null;
  imprint: string;
  privacy: string;
}

/**
 * The head of the lead pages: the form's personalization logo, the organisation's name as the title and a toggle
 * that shows the imprint and privacy texts (a native `details`, so it opens without JavaScript). Inside a page in
 * the personalization's colours (`BrandThemed`) it is a band in the primary colour; elsewhere a white card. The
 * logo is shown whole (never cropped) and the name wraps instead of being cut on a phone.
 */
export function LeadPagesHeader({ branding, heading = 'h1' }: { branding: LeadBranding; heading?: 'h1' | 'p' }) {
  const { t } = useTranslation('leadsconsole');
  const Title = heading;
  const legalTexts = [
    ['layout.imprint', branding.imprint],
    ['layout.privacy', branding.privacy],
  ] as const;
  const hasLegal = Boolean(branding.imprint || branding.privacy);
  return (
    <header className={`flex flex-wrap items-center gap-3 rounded-lg p-4 shadow-sm ${BRAND_CLASSES.band}`} data-brand-header>
      {branding.logoUrl ? <img src={branding.logoUrl} alt="" className="h-10 w-auto max-w-[min(160px,100%)] shrink-0 object-contain" data-brand-logo /> : null}
      <Title className="min-w-[8rem] flex-1 text-xl font-semibold [overflow-wrap:anywhere]" data-testid="lead-org-title">
        {branding.organizationName}
      </Title>
      {hasLegal ? (
        <details className="w-full text-sm">
          <summary className="cursor-pointer underline">{t('layout.legal')}</summary>
          {legalTexts.map(([heading, text]) =>
            text ? (
              <section key={heading} className="mt-2">
                <h2 className="font-semibold">{t(heading)}</h2>
                <p className="whitespace-pre-line">{text}</p>
              </section>
            ) : null,
          )}
        </details>
      ) : null}
    </header>
  );
}
