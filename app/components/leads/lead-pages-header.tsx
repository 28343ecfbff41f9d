import { useTranslation } from 'react-i18next';

/** What lead pages show of the lead form's personalization (spec 000 point 2, "Lead pages' layout"). */
export interface LeadBranding {
  organizationName: string;
  logoUrl: string | null;
  imprint: string;
  privacy: string;
}

/**
 * The head of the lead pages: the form's personalization logo, the organisation's name as the title and a toggle
 * that shows the imprint and privacy texts (a native `details`, so it opens without JavaScript).
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
    <header className="flex flex-wrap items-center gap-3 rounded-lg bg-white p-4 shadow-sm">
      {branding.logoUrl ? <img src={branding.logoUrl} alt="" className="h-10 w-auto max-w-[160px] object-contain" /> : null}
      <Title className="min-w-0 flex-1 truncate text-xl font-semibold" data-testid="lead-org-title">
        {branding.organizationName}
      </Title>
      {hasLegal ? (
        <details className="w-full text-sm">
          <summary className="cursor-pointer text-brand-dark underline">{t('layout.legal')}</summary>
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
