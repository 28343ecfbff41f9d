import { Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BlockContentOf } from '~/lib/content-pages/blocks';
import { BlockBox, EmptyBlock } from '../block-box';

/** An address card; the phone number and e-mail address are links. */
export function ContactBlock({ content }: { content: BlockContentOf<'CONTACT'> }) {
  const { t } = useTranslation('pages');
  const { company, street, houseNo, postalCode, city, phone, email } = content.contact;
  const streetLine = [street, houseNo].filter(Boolean).join(' ');
  const cityLine = [postalCode, city].filter(Boolean).join(' ');
  if (!company && !streetLine && !cityLine && !phone && !email) return <EmptyBlock type="CONTACT" label={t('blocks.contact.label')} />;
  return (
    <BlockBox type="CONTACT" box={content}>
      <address className="space-y-2 break-words not-italic" style={content.textColor ? { color: content.textColor } : undefined}>
        {company ? <p className="text-lg font-semibold">{company}</p> : null}
        {streetLine || cityLine ? (
          <p className="flex gap-2">
            <MapPin aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            <span>
              {streetLine}
              {streetLine && cityLine ? <br /> : null}
              {cityLine}
            </span>
          </p>
        ) : null}
        {phone ? (
          <p className="flex gap-2">
            <Phone aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            <span className="sr-only">{t('blocks.contact.phone')}:</span>
            <a href={`tel:${phone.replace(/[^+0-9]/g, '')}`} className="underline">
              {phone}
            </a>
          </p>
        ) : null}
        {email ? (
          <p className="flex min-w-0 gap-2">
            <Mail aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            <span className="sr-only">{t('blocks.contact.email')}:</span>
            <a href={`mailto:${email}`} className="min-w-0 break-all underline">
              {email}
            </a>
          </p>
        ) : null}
      </address>
    </BlockBox>
  );
}
