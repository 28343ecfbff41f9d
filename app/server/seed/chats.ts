import type { Knex } from 'knex';

/**
 * The demo organisation's chat (issue 28): chat on, guests allowed, Anna Aussteller as operator (offline until she
 * goes online on /chats), one conversation waiting in the queue and a few archived ones from a stand of the demo
 * convention, written over the last days. Deterministic texts; the message cursor (seq) comes from the database.
 */

const HOUR = 3600_000;

type Line = ['VISITOR' | 'OPERATOR', string];

const ARCHIVED: { guest?: [string, string]; visitor?: boolean; hoursAgo: number; lines: Line[] }[] = [
  {
    guest: ['Julia Becker', 'julia.becker@nordlicht.example'],
    hoursAgo: 70,
    lines: [
      ['VISITOR', 'Guten Tag, liefern Sie die Fräsmodule auch nach Österreich?'],
      ['OPERATOR', 'Guten Tag Frau Becker, ja – innerhalb von zwei Wochen. Details: https://demo-messe.example/versand'],
      ['VISITOR', 'Perfekt, danke!'],
    ],
  },
  {
    guest: ['David Chen', 'd.chen@pacific-components.example'],
    hoursAgo: 46,
    lines: [
      ['VISITOR', 'Hello, is there an English datasheet for the control unit?'],
      ['OPERATOR', 'Hi David, yes – I have sent it to your e-mail address.'],
    ],
  },
  {
    visitor: true,
    hoursAgo: 26,
    lines: [
      ['VISITOR', 'Kann ich am Stand einen Termin für eine Live-Vorführung bekommen?'],
      ['OPERATOR', 'Sehr gern – buchen Sie einfach einen Termin über „Termin buchen“, wir zeigen Ihnen alles live.'],
      ['VISITOR', 'Erledigt, bis Donnerstag!'],
    ],
  },
];

export async function seedChats(trx: Knex, options: { organizationId: string; operatorUserId: string; visitorUserId: string }): Promise<void> {
  const { organizationId, operatorUserId, visitorUserId } = options;
  await trx('organizations').where({ id: organizationId }).update({ chat_enabled: true });
  await trx('chat_settings').insert({ organization_id: organizationId, allow_guests: true, requeue_after_minutes: 5, offline_message_enabled: true });
  await trx('chat_operators').insert({ organization_id: organizationId, user_id: operatorUserId, capacity: 5, online: false });

  // the context: the demo convention and the organisation's first stand in it
  const place = await trx('base_stands as s')
    .join('hall_stands as hs', 'hs.stand_id', 's.id')
    .join('convention_halls as ch', 'ch.hall_id', 'hs.hall_id')
    .join('conventions as c', 'c.id', 'ch.convention_id')
    .join('halls as h', 'h.id', 'hs.hall_id')
    .where('s.organization_id', organizationId)
    .orderBy(['c.slug', 'h.slug', 's.slug'])
    .first('s.id as stand_id', 's.slug as stand_slug', 'c.id as convention_id', 'c.slug as convention_slug', 'h.slug as hall_slug');
  const context = place
    ? { convention_id: place.convention_id, stand_id: place.stand_id, source_path: `/convention/${place.convention_slug}/hall/${place.hall_slug}/stand/${place.stand_slug}` }
    : { convention_id: null, stand_id: null, source_path: '' };

  const now = Date.now();
  const write = async (conversation: Record<string, unknown>, lines: Line[], startedAt: number) => {
    const [row] = await trx('chat_conversations')
      .insert({ organization_id: organizationId, ...context, ...conversation, created_at: new Date(startedAt), last_message_at: new Date(startedAt + lines.length * 60_000) })
      .returning('id');
    let at = startedAt;
    for (const [sender, body] of lines) {
      at += 60_000;
      await trx('chat_messages').insert({
        conversation_id: row.id,
        sender,
        sender_user_id: sender === 'OPERATOR' ? operatorUserId : (conversation.visitor_user_id ?? null),
        body,
        created_at: new Date(at),
      });
    }
  };

  for (const item of ARCHIVED) {
    const startedAt = now - item.hoursAgo * HOUR;
    await write(
      {
        state: 'ARCHIVED',
        operator_user_id: operatorUserId,
        visitor_user_id: item.visitor ? visitorUserId : null,
        guest_name: item.guest?.[0] ?? null,
        guest_email: item.guest?.[1] ?? null,
        claimed_at: new Date(startedAt + 60_000),
        archived_at: new Date(startedAt + 2 * HOUR),
      },
      item.lines,
      startedAt,
    );
  }
  // one visitor waiting in the queue
  await write(
    { state: 'UNCLAIMED', guest_name: 'Emma Johansson', guest_email: 'emma@nordic-automation.example', awaiting_reply_since: new Date(now - 20 * 60_000) },
    [['VISITOR', 'Hi! Do you offer training for the robot cell after purchase?']],
    now - 21 * 60_000,
  );
}
