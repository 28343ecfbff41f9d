import { z } from 'zod';
import { LANGUAGES } from '~/lib/language';
import { PERMISSION_TYPES } from '~/lib/schemas/stands';

/** Page forms of the hall and stand pages (shared by the browser's validation and the actions). */

export const NameForm = z.object({ intent: z.literal('create'), name: z.string().trim().min(1).max(255) });

export const TranslationForm = z.object({
  intent: z.literal('translation'),
  language: z.enum(LANGUAGES),
  title: z.string().trim().max(255).default(''),
  description: z.string().max(20000).default(''),
});

export const HallSettingsForm = z.object({
  intent: z.literal('settings'),
  name: z.string().trim().min(1).max(255),
  permissionType: z.enum(PERMISSION_TYPES),
});

export const AddStandForm = z.object({
  intent: z.literal('addStand'),
  domain: z.string().trim().toLowerCase().min(1).max(100),
});
