import { useTranslation } from 'react-i18next';
import { brandTheme } from '~/lib/personalization-theme';
import { LOGO_POSITIONS, isHexColor, type LogoPositionName } from '~/lib/schemas/personalization';

export interface PreviewLook {
  title: string;
  logoPosition: string;
  logoWidth: string;
  primaryColor: string;
  secondaryColor: string;
}

const JUSTIFY: Record<LogoPositionName, string> = { LEFT: 'justify-start', MIDDLE: 'justify-center', RIGHT: 'justify-end' };

/** A colour the preview can paint: the typed one when it is #rrggbb, else the stored one. */
export const paintable = (typed: string, stored: string) => (isHexColor(typed.trim()) ? typed.trim() : stored);

/** The look of the settings form as it stands (the typed values, before saving). */
export function lookOfForm(form: HTMLFormElement): PreviewLook {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  return {
    title: text('title'),
    logoPosition: text('logoPosition'),
    logoWidth: text('logoWidth'),
    primaryColor: text('primaryColor'),
    secondaryColor: text('secondaryColor'),
  };
}

/**
 * A visitor page in the personalization's look: the header in the primary colour with the logo at its position
 * and width, a button in the secondary colour, the imprint and data privacy links in the footer; text on each colour
 * as visitor pages choose it (`brandTheme`: readable by WCAG AA).
 */
export function PersonalizationPreview({ look, stored, logoUrl }: { look: PreviewLook; stored: PreviewLook; logoUrl: string | null }) {
  const { t } = useTranslation('personalization');
  const primary = paintable(look.primaryColor, stored.primaryColor);
  const secondary = paintable(look.secondaryColor, stored.secondaryColor);
  const theme = brandTheme(primary, secondary);
  const position = (LOGO_POSITIONS as readonly string[]).includes(look.logoPosition) ? (look.logoPosition as LogoPositionName) : 'LEFT';
  const typedWidth = Number(look.logoWidth);
  const width = Number.isInteger(typedWidth) && typedWidth > 0 ? Math.min(typedWidth, 600) : Number(stored.logoWidth) || 100;
  return (
    <figure aria-label={t('preview.label')} data-testid="personalization-preview" className="mt-4 overflow-hidden rounded-lg border border-gray-300">
      <header
        data-testid="preview-header"
        data-position={position}
        className={`flex min-h-16 items-center px-4 py-3 ${JUSTIFY[position]}`}
        style={{ backgroundColor: theme.primary, color: theme.onPrimary }}
      >
        {logoUrl ? <img src={logoUrl} alt="" style={{ width }} className="max-h-24 max-w-full object-contain" /> : null}
      </header>
      <div className="space-y-3 bg-white p-4 text-brand-dark">
        <p className="text-lg font-semibold">{t('preview.pageTitle')}</p>
        <p className="text-sm">{t('preview.pageText')}</p>
        <div className="flex flex-wrap items-center gap-4">
          <span
            data-testid="preview-button"
            className="inline-block rounded-md px-4 py-2 text-sm font-medium"
            style={{ backgroundColor: theme.secondary, color: theme.onSecondary }}
          >
            {t('preview.button')}
          </span>
          <span className="text-sm underline" style={{ color: theme.link }}>
            {t('preview.link')}
          </span>
        </div>
      </div>
      <footer className="flex gap-4 px-4 py-2 text-xs" style={{ backgroundColor: theme.primary, color: theme.onPrimary }}>
        <span>{t('preview.imprint')}</span>
        <span>{t('preview.dataPrivacy')}</span>
      </footer>
    </figure>
  );
}
