import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND_CLASSES, brandThemeStyle, type BrandTheme } from '~/lib/brand-theme';
import type { LogoPositionName } from '~/lib/schemas/personalization';

/** A personalization's logo as a visitor page shows it. */
export interface BrandLogo {
  url: string;
  alt: string;
  width: number;
  /** at `width` by the picture's proportions, when known: the header keeps the logo's place before it loads (no layout shift) */
  height?: number | null;
  position: LogoPositionName;
}

const JUSTIFY: Record<LogoPositionName, string> = { LEFT: 'justify-between', MIDDLE: 'justify-center', RIGHT: 'justify-between' };

/**
 * The wrapper of a page in a personalization's colours: the theme as CSS custom properties in its style attribute
 * (rendered by the server, so no JavaScript is needed); without a theme the page keeps its own look.
 */
export function BrandThemed({ theme, className, children, ...rest }: { theme: BrandTheme | null; className?: string; children: ReactNode; lang?: string }) {
  return (
    <div {...rest} className={className} style={brandThemeStyle(theme)} data-brand-themed={theme ? '' : undefined}>
      {children}
    </div>
  );
}

/**
 * The logo at the personalization's width, never wider than the screen and never cropped (the whole picture is
 * shown, scaled down on narrow screens).
 */
export function BrandLogoImage({ logo, className = '' }: { logo: BrandLogo; className?: string }) {
  return (
    <img
      src={logo.url}
      alt={logo.alt}
      width={logo.width}
      height={logo.height ?? undefined}
      style={{ width: logo.width }}
      className={`block h-auto max-h-16 max-w-full object-contain ${className}`}
      data-brand-logo
    />
  );
}

/**
 * A visitor page's header band in the primary colour with the logo at its position; `children` (the language
 * switch) sit at the other end, in the band's readable text colour.
 */
export function BrandedHeader({ logo, children }: { logo: BrandLogo | null; children?: ReactNode }) {
  const position = logo?.position ?? 'LEFT';
  return (
    <header className={`border-b ${BRAND_CLASSES.band}`} data-brand-header>
      <div className={`mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-2 ${logo ? JUSTIFY[position] : 'justify-end'}`}>
        {logo ? (
          <div className={`min-w-0 max-w-full ${position === 'RIGHT' ? 'order-2' : ''}`}>
            <BrandLogoImage logo={logo} />
          </div>
        ) : null}
        {children ? <div className="[&_button]:!text-inherit">{children}</div> : null}
      </div>
    </header>
  );
}

/** The footer band of a visitor page with the imprint and data-policy links, in the primary colour. */
export function BrandedFooter({ imprintHref, dataPolicyHref }: { imprintHref: string; dataPolicyHref: string }) {
  const { t } = useTranslation('visitor');
  return (
    <footer className={`mt-8 border-t ${BRAND_CLASSES.band}`} data-brand-footer>
      <nav className="mx-auto flex max-w-6xl justify-center gap-6 px-4 py-4 text-sm">
        <a href={imprintHref} className="underline underline-offset-2">
          {t('shell.imprint')}
        </a>
        <a href={dataPolicyHref} className="underline underline-offset-2">
          {t('shell.dataPolicy')}
        </a>
      </nav>
    </footer>
  );
}
