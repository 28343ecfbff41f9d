import { z } from 'zod';
import { LANGUAGES } from '~/lib/language';
import { PERMISSION_TYPES } from './stands';

/**
 * Page forms of the events domain that several pages share, with their components and app/server/pages (the
 * browser's validation and the actions use the same schema). Forms of one page stay beside it.
 */

const name = z.string().trim().min(1).max(255);

export const NameForm = z.object({ intent: z.literal('create'), name });

export const CREATE_INTENTS = ['createConvention', 'createExhibition', 'createStage'] as const;
export type CreateIntent = (typeof CREATE_INTENTS)[number];

export const createByNameForm = <I extends CreateIntent>(intent: I) => z.object({ intent: z.literal(intent), name });

export const TranslationForm = z.object({
  intent: z.literal('translation'),
  language: z.enum(LANGUAGES),
  title: z.string().trim().max(255).default(''),
  description: z.string().max(20000).default(''),
});

export const HallSettingsForm = z.object({
  intent: z.literal('settings'),
  name,
  permissionType: z.enum(PERMISSION_TYPES),
});

export const AddStandForm = z.object({
  intent: z.literal('addStand'),
  domain: z.string().trim().toLowerCase().min(1).max(100),
});

/** standApplyToHall: the exhibitor names the hall by its domain (slug), which the host hands out. */
export const ApplyToHallForm = z.object({
  intent: z.literal('standApplyToHall'),
  hallSlug: z.string().trim().toLowerCase().min(1).max(100),
});
