import { Mail, MapPin, Phone, type LucideIcon } from 'lucide-react';
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
        {phone ? <ContactLink icon={Phone} label={t('blocks.contact.phone')} href={`tel:${phone.replace(/[^+0-9]/g, '')}`} text={phone} /> : null}
        {email ? <ContactLink icon={Mail} label={t('blocks.contact.email')} href={`mailto:${email}`} text={email} breakAll /> : null}
      </address>
    </BlockBox>
  );
}

/** A phone number or e-mail address as a link, after its icon and a label for screen readers. */
function ContactLink({
  icon: Icon,
  label,
  href,
  text,
  breakAll = false,
}: {
  icon: LucideIcon;
  label: string;
  href: string;
  text: string;
  /** an e-mail address may break anywhere, a long one would push a phone's screen sideways */
  breakAll?: boolean;
}) {
  return (
    <p className={breakAll ? 'flex min-w-0 gap-2' : 'flex gap-2'}>
      <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <span className="sr-only">{label}:</span>
      <a href={href} className={breakAll ? 'min-w-0 break-all underline' : 'underline'}>
        {text}
      </a>
    </p>
  );
}
