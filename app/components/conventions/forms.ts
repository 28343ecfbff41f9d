import { z } from 'zod';
import { LANGUAGES } from '~/lib/language';
import { ItemTextsFields } from '~/lib/schemas/item-texts';
import { PERMISSION_TYPES } from '~/lib/schemas/stands';
import { httpOrMailtoUrl, httpUrl } from '~/lib/url';
import { isLocalDateTime } from './datetime';

/**
 * Page forms of the convention, stage and in-house fair pages, shared by the browser's validation and the
 * actions. Dates are datetime-local values in Europe/Berlin (see ./datetime); the action turns them into
 * instants before the service checks the rules that need the stored data (start before end, one stage ...).
 */

const name = z.string().trim().min(1).max(255);
const localDateTime = z.string().trim().refine(isLocalDateTime);
/** An unchecked box sends nothing: that is `false`, not "unchanged". */
const checkbox = z.preprocess((v) => v === 'on' || v === 'true', z.boolean());
const optionalUrl = httpUrl(500).optional();
const id = z.string().uuid();

export const ConventionSettingsForm = z.object({
  intent: z.literal('settings'),
  title: name,
  startDate: localDateTime.optional(),
  endDate: localDateTime.optional(),
  active: checkbox,
  shop: checkbox,
  video: optionalUrl,
  permissionType: z.enum(PERMISSION_TYPES),
  helpPage: z.string().max(20000).optional(),
  /** the convention's content page and help page from the pickers ('' / absent: none; issue 16) */
  contentPageId: id.optional(),
  helpContentPageId: id.optional(),
});

export const AddHallForm = z.object({ intent: z.literal('addHall'), hallId: id });
export const AddStageForm = z.object({ intent: z.literal('addStage'), stageId: id });

/** A foyer point: position in percent of the image; the target is "TYPE:id" from the picker, or a link. */
export const FoyerPointForm = z.object({
  intent: z.literal('addPoint'),
  x: z.coerce.number().min(0).max(100),
  y: z.coerce.number().min(0).max(100),
  target: z
    .string()
    .regex(/^(HALL|STAND|STAGE|CONTENTPAGE|CONTENT):[0-9a-f-]{36}$/i)
    .optional(),
  link: httpOrMailtoUrl(500).optional(),
});

export const ShopLinkForm = z.object({
  intent: z.literal('shopLink'),
  link: httpUrl(500),
  x: z.coerce.number().min(0).max(100),
  y: z.coerce.number().min(0).max(100),
});

export const OnDemandForm = z.object({
  intent: z.enum(['onDemandCreate', 'onDemandUpdate']),
  id: id.optional(),
  title: name,
  description: z.string().max(20000).optional(),
  /** the content page the item links ('' / absent: none; issue 16) */
  contentPageId: id.optional(),
  /** its texts per language (issue 24 item 21) */
  ...ItemTextsFields,
});

export const StageSettingsForm = z.object({ intent: z.literal('settings'), title: name, stream: optionalUrl });

const text = z.string().trim().max(255).optional();
const longText = z.string().max(20000).optional();

export const ScheduleForm = z.object({
  intent: z.enum(['scheduleCreate', 'scheduleUpdate']),
  id: id.optional(),
  timestamp: localDateTime,
  timestampEnd: localDateTime,
  speaker: text,
  speakerDescription: longText,
  speakerOrganization: z.string().trim().max(100).optional(),
  ...Object.fromEntries(LANGUAGES.flatMap((l) => [[`title${l}`, text], [`description${l}`, longText]])) as Record<
    'titleDE' | 'titleEN' | 'descriptionDE' | 'descriptionEN',
    typeof text
  >,
});

export const ExhibitionSettingsForm = z.object({
  intent: z.literal('settings'),
  name,
  video: optionalUrl,
  meeting: optionalUrl,
  permissionType: z.enum(PERMISSION_TYPES),
  standId: id.optional(),
  stageId: id.optional(),
});
