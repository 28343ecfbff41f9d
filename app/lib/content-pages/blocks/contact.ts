import { z } from 'zod';
import { DEFAULT_PADDING } from '../design';
import { defineBlock, optionalColor } from './common';

const field = (max: number) => z.string().trim().max(max).default('');

/** An address card: company, street and number, postcode and city, phone and e-mail (as links). */
export const contactBlock = defineBlock({
  type: 'CONTACT',
  icon: 'Contact',
  padding: DEFAULT_PADDING.CONTACT,
  fields: {
    contact: z
      .object({
        company: field(200),
        street: field(200),
        houseNo: field(20),
        postalCode: field(20),
        city: field(100),
        phone: field(40).refine((value) => value === '' || /^\+?[0-9 ()/.-]{3,40}$/.test(value), {
          params: { i18n: 'typeMismatch.tel' },
        }),
        email: z.union([z.literal(''), z.string().trim().email().max(254)]).default(''),
      })
      .default({}),
    textColor: optionalColor,
  },
  example: (t) => ({
    contact: {
      company: t('pages:blocks.contact.exampleCompany'),
      street: t('pages:blocks.contact.exampleStreet'),
      houseNo: '12',
      postalCode: '10115',
      city: t('pages:blocks.contact.exampleCity'),
      phone: '+49 30 123456',
      email: 'info@example.com',
    },
  }),
});
