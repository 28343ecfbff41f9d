import type { RelationMappingsThunk } from 'objection';
import { BaseModel, type Language } from './base';
import { UploadedFile } from './files';
import { Organization } from './organizations';
import { OutboxMessage } from './outbox';
import { belongsTo } from './relations';

/** An organisation's mail look and sender (issue 29): brand colour, header image, sender name, reply-to address. */
export class EmailSettings extends BaseModel {
  static override tableName = 'email_settings';

  declare organization_id: string;
  declare color: string | null;
  declare header_image_id: string | null;
  declare sender_name: string | null;
  declare reply_to: string | null;

  declare organization?: Organization;
  declare headerImage?: UploadedFile;

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: belongsTo(Organization, 'email_settings.organization_id'),
    headerImage: belongsTo(UploadedFile, 'email_settings.header_image_id'),
  });
}

/** An organisation's own text of one message of a mail template in one language (the default comes from locales/). */
export class EmailTranslatable extends BaseModel {
  static override tableName = 'email_translatables';

  declare organization_id: string;
  declare template_key: string;
  declare msg_id: string;
  declare language: Language;
  declare text: string;

  declare organization?: Organization;

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: belongsTo(Organization, 'email_translatables.organization_id'),
  });
}

/**
 * One mail sent (or held) on an organisation's behalf. Its delivery state is the outbox row's (queued, sent, failed
 * with the server's answer); `opened_at` is set by the tracking pixel, `held_at` when the address had bounced (its outbox row then waits as failed until a retry).
 */
export class EmailDelivery extends BaseModel {
  static override tableName = 'email_deliveries';

  declare organization_id: string;
  declare outbox_id: string;
  declare recipient: string;
  declare template_key: string;
  declare language: Language;
  declare tracking_token: string | null;
  declare opened_at: Date | null;
  declare held_at: Date | null;

  declare organization?: Organization;
  declare outbox?: OutboxMessage;

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: belongsTo(Organization, 'email_deliveries.organization_id'),
    outbox: belongsTo(OutboxMessage, 'email_deliveries.outbox_id'),
  });
}

/** An address whose mail server answered with a permanent failure; mails to it are held. */
export class EmailBounce extends BaseModel {
  static override tableName = 'email_bounces';

  declare email: string;
  declare answer: string;
}
