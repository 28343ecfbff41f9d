import type { ReactNode } from 'react';
import { LanguageSwitch } from '~/components/layout/language-switch';
import { BrandThemed } from '~/components/personalization/branded-page';
import { SkipLink } from '~/components/visitor/thumbnail-card';
import type { BrandTheme } from '~/lib/brand-theme';
import type { Language } from '~/lib/language';
import { LeadPagesHeader } from './lead-pages-header';

/** What the information pages know of the organisation and the lead form's personalization. */
export interface LeadInfoBranding {
  organization: { name: string; imprint: string; dataPrivacy: string };
  logo: { url: string } | null;
  /** the personalization's colours (null: the pages' own look) */
  theme: BrandTheme | null;
  language: Language;
}

/**
 * The frame of a lead's information pages (issue 18): the lead pages' header (the form's personalization logo, the
 * organisation's name as title, the imprint and privacy toggle), the language switch, and the page, in the
 * personalization's colours (issue 24).
 */
export function LeadInfoShell({ info, children, heading = 'p' }: { info: LeadInfoBranding; children: ReactNode; heading?: 'h1' | 'p' }) {
  return (
    <BrandThemed theme={info.theme} className="min-h-screen bg-gray-50 text-gray-900" lang={info.language.toLowerCase()}>
      <SkipLink />
      <div className="mx-auto flex max-w-3xl flex-col gap-2 px-4 pt-4">
        <div className="flex justify-end">
          <LanguageSwitch current={info.language} plain />
        </div>
        <LeadPagesHeader
          heading={heading}
          branding={{ organizationName: info.organization.name, logoUrl: info.logo?.url ?? null, imprint: info.organization.imprint, privacy: info.organization.dataPrivacy }}
        />
      </div>
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
    </BrandThemed>
  );
}
