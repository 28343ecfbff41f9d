import { BaseModel } from './base';

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** A side effect (a mail for now) written in the changing transaction and delivered after commit. */
export class OutboxMessage extends BaseModel {
  static override tableName = 'outbox';
  static override jsonAttributes = ['payload'];

  declare topic: string;
  declare payload: Record<string, unknown>;
  declare status: OutboxStatus;
  declare attempts: number;
  declare next_attempt_at: Date;
  declare last_error: string | null;
  declare delivered_at: Date | null;
  declare transport: string | null;
}
