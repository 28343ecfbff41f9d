import type { Knex } from 'knex';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

const texts = (de: [string, string], en: [string, string]) => [
  { language: 'DE', title: de[0], description: de[1] },
  { language: 'EN', title: en[0], description: en[1] },
];

/** Whole quarter hours, so the programme reads like a real one. */
function quarter(date: Date): Date {
  const d = new Date(date);
  d.setUTCMinutes(Math.floor(d.getUTCMinutes() / 15) * 15, 0, 0);
  return d;
}

/**
 * Demo events (issue 5): a public convention running now ("Digitale Fachmesse 2026": started yesterday, ends in
 * two days) with DE/EN texts, its main stage with talks before, during and after `now` (one given by the demo
 * organisation itself), three on-demand recordings (the first with its video link), and an in-house fair on the
 * same stage. Runs inside the demo seed's transaction.
 */
export async function seedConventions(
  trx: Knex,
  options: { organizationId: string; now?: Date },
): Promise<{ conventionId: string; stageId: string; exhibitionId: string }> {
  const { organizationId } = options;
  const now = options.now ?? new Date();
  const today = new Date(now);
  today.setUTCHours(8, 0, 0, 0);

  const [convention] = await trx('conventions')
    .insert({
      organization_id: organizationId,
      slug: 'digitale-fachmesse-2026',
      title: 'Digitale Fachmesse 2026',
      active: true,
      video: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      start_date: new Date(today.getTime() - DAY),
      end_date: new Date(today.getTime() + 2 * DAY + 7.5 * HOUR),
      shop: false,
      permission_type: 'PUBLIC',
      help_page:
        'Willkommen! Über die Navigation links erreichen Sie die Hallen und die Hauptbühne. Die Messe ist von 9:00 bis 16:30 Uhr geöffnet; Vorträge verpasst? Alle Aufzeichnungen finden Sie unter „On Demand“.',
      navigation_mode: 'DEFAULT',
    })
    .returning('id');
  await trx('convention_translations').insert(
    texts(
      [
        'Digitale Fachmesse 2026',
        'Drei Tage Maschinenbau und Digitalisierung: Aussteller aus ganz Europa, Live-Vorträge auf der Hauptbühne und persönliche Gespräche an den virtuellen Ständen.',
      ],
      [
        'Digital Trade Fair 2026',
        'Three days of mechanical engineering and digitalisation: exhibitors from all over Europe, live talks on the main stage and personal conversations at the virtual stands.',
      ],
    ).map((tr) => ({ ...tr, convention_id: convention.id })),
  );

  const [stage] = await trx('stages')
    .insert({
      organization_id: organizationId,
      slug: 'demo-hauptbuehne',
      title: 'Hauptbühne',
      stream: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    })
    .returning('id');
  await trx('stage_translations').insert(
    texts(
      ['Hauptbühne', 'Keynotes, Praxisberichte und Podiumsdiskussionen – live und im Anschluss als Aufzeichnung.'],
      ['Main stage', 'Keynotes, case studies and panel discussions – live and afterwards as recordings.'],
    ).map((tr) => ({ ...tr, stage_id: stage.id })),
  );
  await trx('convention_stages').insert({ convention_id: convention.id, stage_id: stage.id });

  const slot = quarter(now);
  const talks: {
    start: number;
    minutes: number;
    speaker: string;
    about: string;
    ownOrganization?: boolean;
    de: [string, string];
    en: [string, string];
  }[] = [
    {
      start: -3 * HOUR,
      minutes: 45,
      speaker: 'Anna Aussteller',
      about: 'Geschäftsführerin der Demo Messe GmbH',
      ownOrganization: true,
      de: ['Eröffnung der Digitalen Fachmesse', 'Begrüßung, Überblick über Hallen und Programm und was Sie in drei Tagen erwartet.'],
      en: ['Opening of the Digital Trade Fair', 'Welcome, an overview of the halls and programme and what to expect in three days.'],
    },
    {
      start: -1.5 * HOUR,
      minutes: 60,
      speaker: 'Prof. Dr. Jürgen Weber',
      about: 'Lehrstuhl für Produktionstechnik, TH Köln',
      de: ['Predictive Maintenance in der Praxis', 'Wie Sensordaten Stillstände verhindern – mit Beispielen aus drei mittelständischen Betrieben.'],
      en: ['Predictive maintenance in practice', 'How sensor data prevents downtime – with examples from three mid-sized companies.'],
    },
    {
      start: -15 * 60 * 1000,
      minutes: 45,
      speaker: 'Lena Hoffmann',
      about: 'Leiterin Digitalisierung, Datenfluss GmbH',
      de: ['Live: Digitale Zwillinge für Werkzeugmaschinen', 'Vom CAD-Modell zur laufenden Simulation – eine Live-Demonstration mit Fragen aus dem Publikum.'],
      en: ['Live: digital twins for machine tools', 'From the CAD model to a running simulation – a live demonstration with questions from the audience.'],
    },
    {
      start: 1 * HOUR,
      minutes: 60,
      speaker: 'Mehmet Yılmaz, Dr. Claire Dubois',
      about: 'Antriebswerk Rhein; Cloudwerk AG',
      de: ['Podium: Energieeffizienz in der Fertigung', 'Was bringen drehzahlgeregelte Antriebe und Lastmanagement wirklich? Zwei Anbieter, ein Streitgespräch.'],
      en: ['Panel: energy efficiency in manufacturing', 'What do variable-speed drives and load management really deliver? Two vendors, one debate.'],
    },
    {
      start: DAY,
      minutes: 45,
      speaker: 'Sven Vertrieb',
      about: 'Vertrieb, Demo Messe GmbH',
      ownOrganization: true,
      de: ['So nutzen Aussteller die Lead-Erfassung', 'Kontakte am virtuellen Stand erfassen, qualifizieren und nach der Messe nachfassen.'],
      en: ['How exhibitors use lead capture', 'Capture and qualify contacts at the virtual stand and follow up after the fair.'],
    },
  ];
  for (const talk of talks) {
    const startsAt = new Date(slot.getTime() + talk.start);
    const [entry] = await trx('schedule_entries')
      .insert({
        stage_id: stage.id,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + talk.minutes * 60 * 1000),
        speaker: talk.speaker,
        speaker_description: talk.about,
        speaker_organization_id: talk.ownOrganization ? organizationId : null,
      })
      .returning('id');
    await trx('schedule_entry_translations').insert(texts(talk.de, talk.en).map((tr) => ({ ...tr, schedule_entry_id: entry.id })));
  }

  // each item in German (its own texts) and English (issue 24 item 21)
  const onDemand: { slug: string; de: [string, string]; en: [string, string] }[] = [
    {
      slug: 'aufzeichnung-eroeffnung',
      // the recording is named by its link; the on-demand page plays it from the start time given
      de: ['Aufzeichnung: Eröffnung der Digitalen Fachmesse', 'Die Begrüßung vom ersten Messetag zum Nachsehen (25 Minuten).\nhttps://www.youtube.com/watch?v=aqz-KE-bpKQ&t=30'],
      en: ['Recording: Opening of the Digital Trade Fair', 'The welcome from the first day of the fair to watch again (25 minutes).\nhttps://www.youtube.com/watch?v=aqz-KE-bpKQ&t=30'],
    },
    {
      slug: 'aufzeichnung-predictive-maintenance',
      de: ['Aufzeichnung: Predictive Maintenance in der Praxis', 'Der Vortrag von Prof. Dr. Jürgen Weber mit allen Folien und der Fragerunde.'],
      en: ['Recording: Predictive maintenance in practice', 'The talk by Prof. Dr. Jürgen Weber with all slides and the questions and answers.'],
    },
    {
      slug: 'produktfilm-rundgang-halle-1',
      de: ['Produktfilm: Rundgang durch Halle 1', 'Ein zehnminütiger Rundgang zu den Ständen für Maschinenbau – ideal zur Vorbereitung Ihres Messebesuchs.'],
      en: ['Product film: A walk through hall 1', 'A ten-minute walk past the mechanical engineering stands – ideal for preparing your visit to the fair.'],
    },
  ];
  for (const item of onDemand) {
    const [row] = await trx('on_demand_contents')
      .insert({ convention_id: convention.id, slug: item.slug, title: item.de[0], description: item.de[1] })
      .returning('id');
    await trx('on_demand_content_translations').insert(texts(item.de, item.en).map((tr) => ({ ...tr, on_demand_content_id: row.id })));
  }

  const [exhibition] = await trx('exhibitions')
    .insert({
      organization_id: organizationId,
      name: 'Hausmesse Demo Messe GmbH',
      slug: 'demo-hausmesse',
      video: 'https://vimeo.com/76979871',
      meeting: 'https://meet.demo-messe.example/hausmesse',
      permission_type: 'LOGGED_IN',
      stage_id: stage.id,
    })
    .returning('id');

  return { conventionId: convention.id, stageId: stage.id, exhibitionId: exhibition.id };
}
