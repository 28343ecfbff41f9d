import crypto from 'node:crypto';
import type { Knex } from 'knex';
import sharp from 'sharp';
import { loadEnv } from '~/server/env.server';
import { createStorage } from '~/server/storage/create-storage.server';
import type { Storage } from '~/server/storage/storage.server';
import { inParallel } from './pictures';

/**
 * The demo convention's shop (issue 31): the convention gets a shop; four of its stands show products and the host
 * sells tickets, a service and the printed catalogue; texts in German and English, prices and "on request",
 * variants with their own stock, stock or unlimited, one hidden prototype; each stand product with a drawn picture
 * (and its alternative texts) recorded as the product's file use; and two order requests of the demo visitor, one
 * new and one answered. Runs inside the demo seed's transaction, after the halls and the visitor.
 */

type Texts = { de: [string, string]; en: [string, string] };

interface ProductSpec {
  texts: Texts;
  /** null: on request */
  price: number | null;
  /** null: unlimited (or kept per variant) */
  stock: number | null;
  visible?: boolean;
  variants?: { size?: string; colour?: string; stock: number | null }[];
  /** the picture's alternative texts; no picture without */
  picture?: { de: string; en: string };
}

/** The four stands with products, by name (./events-halls), and what they sell. */
export const SHOP_STANDS: { name: string; products: ProductSpec[] }[] = [
  {
    name: 'Müller Präzisionstechnik',
    products: [
      {
        texts: {
          de: ['Musterkoffer Drehteile', 'Zwölf typische CNC-Drehteile aus Aluminium, Messing und Edelstahl zum Anfassen – ideal für Ihre Einkaufsabteilung.'],
          en: ['Sample case of turned parts', 'Twelve typical CNC turned parts in aluminium, brass and stainless steel to hold in your hand – ideal for your purchasing team.'],
        },
        price: null,
        stock: 25,
        picture: { de: 'Geöffneter Musterkoffer mit Drehteilen', en: 'Open sample case with turned parts' },
      },
      {
        texts: {
          de: ['Digitaler Messschieber 150 mm', 'Edelstahl, Ablesung 0,01 mm, mit Etui und Werkszeugnis. Messepreis.'],
          en: ['Digital caliper 150 mm', 'Stainless steel, 0.01 mm resolution, with case and factory certificate. Fair price.'],
        },
        price: 3990,
        stock: 60,
        picture: { de: 'Digitaler Messschieber auf einer Werkbank', en: 'Digital caliper on a workbench' },
      },
      {
        texts: {
          de: ['Prototyp 5-Achs-Spannsystem', 'Noch nicht freigegeben: erscheint im Shop, sobald die Serie startet.'],
          en: ['Prototype 5-axis clamping system', 'Not yet released: shown in the shop once series production starts.'],
        },
        price: null,
        stock: 3,
        visible: false,
      },
    ],
  },
  {
    name: 'Roboter & Co.',
    products: [
      {
        texts: {
          de: ['Cobot-Starterpaket', 'Kollaborierender Roboter mit Greifer, Inbetriebnahme und zwei Tagen Schulung – Angebot nach Ihrer Anwendung.'],
          en: ['Cobot starter package', 'Collaborative robot with gripper, commissioning and two days of training – quoted for your application.'],
        },
        price: null,
        stock: null,
        picture: { de: 'Kollaborierender Roboterarm an einer Montagestation', en: 'Collaborative robot arm at an assembly station' },
      },
      {
        texts: {
          de: ['Greiferbacken-Set', 'Wechselbacken aus Aluminium für Parallelgreifer, in drei Größen.'],
          en: ['Gripper jaw set', 'Exchangeable aluminium jaws for parallel grippers, in three sizes.'],
        },
        price: 14900,
        stock: null,
        variants: [
          { size: 'S', stock: 6 },
          { size: 'M', stock: 9 },
          { size: 'L', stock: 0 },
        ],
        picture: { de: 'Drei Greiferbacken in verschiedenen Größen', en: 'Three gripper jaws in different sizes' },
      },
      {
        texts: {
          de: ['Workshop „Roboterzelle in zwei Wochen“', 'Halbtägiger Praxis-Workshop am 3. Messetag, max. 12 Personen.'],
          en: ['Workshop "A robot cell in two weeks"', 'Half-day hands-on workshop on the third day of the fair, at most 12 people.'],
        },
        price: 29000,
        stock: 12,
      },
    ],
  },
  {
    name: 'Datenfluss GmbH',
    products: [
      {
        texts: {
          de: ['Digital-Twin-Testlizenz (3 Monate)', 'Voller Funktionsumfang für eine Linie, mit Einrichtung per Videocall.'],
          en: ['Digital twin trial licence (3 months)', 'Full functionality for one line, set up with you in a video call.'],
        },
        price: 0,
        stock: null,
        picture: { de: 'Dashboard eines digitalen Zwillings auf einem Tablet', en: 'Digital twin dashboard on a tablet' },
      },
      {
        texts: {
          de: ['Datenfluss-Hoodie', 'Bio-Baumwolle, mit Stick „Daten, die fließen“.'],
          en: ['Datenfluss hoodie', 'Organic cotton, embroidered "Data that flows".'],
        },
        price: 4500,
        stock: null,
        variants: [
          { size: 'M', colour: 'Navy', stock: 8 },
          { size: 'L', colour: 'Navy', stock: 5 },
          { size: 'M', colour: 'Grau', stock: 4 },
          { size: 'XL', colour: 'Grau', stock: 2 },
        ],
        picture: { de: 'Dunkelblauer Kapuzenpullover mit Stick', en: 'Navy hoodie with embroidery' },
      },
    ],
  },
  {
    name: 'Sensorik Nord',
    products: [
      {
        texts: {
          de: ['Funksensor-Starterkit', 'Drei Funksensoren (Temperatur, Schwingung, Füllstand) mit Gateway und 12 Monaten Cloud-Zugang.'],
          en: ['Wireless sensor starter kit', 'Three wireless sensors (temperature, vibration, fill level) with gateway and 12 months of cloud access.'],
        },
        price: 19900,
        stock: 20,
        picture: { de: 'Drei kleine Funksensoren neben einem Gateway', en: 'Three small wireless sensors next to a gateway' },
      },
      {
        texts: {
          de: ['Schwingungssensor VS-200', 'Nachrüstbar mit Magnetfuß, Batterielaufzeit bis fünf Jahre.'],
          en: ['Vibration sensor VS-200', 'Retrofittable with a magnetic base, battery life up to five years.'],
        },
        price: 14900,
        stock: null,
        variants: [
          { size: 'Kabel 2 m', stock: 15 },
          { size: 'Kabel 5 m', stock: 7 },
        ],
        picture: { de: 'Schwingungssensor mit Magnetfuß', en: 'Vibration sensor with magnetic base' },
      },
      {
        texts: {
          de: ['Nachrüst-Check vor Ort', 'Ein Techniker prüft Ihre Anlage und schlägt die passenden Messpunkte vor.'],
          en: ['On-site retrofit check', 'A technician inspects your plant and proposes the right measuring points.'],
        },
        price: null,
        stock: null,
      },
    ],
  },
];

/** The host's own products: tickets, a service and the catalogue. */
export const HOST_PRODUCTS: ProductSpec[] = [
  {
    texts: {
      de: ['Workshop-Ticket Predictive Maintenance', 'Praxis-Workshop am zweiten Messetag, 10:00–12:30 Uhr, inklusive Mittagessen.'],
      en: ['Workshop ticket predictive maintenance', 'Hands-on workshop on the second day of the fair, 10:00–12:30, lunch included.'],
    },
    price: 4900,
    stock: 40,
  },
  {
    texts: {
      de: ['VIP-Tagesticket Networking-Lounge', 'Zugang zur Lounge mit Catering und moderiertem Matchmaking.'],
      en: ['VIP day ticket networking lounge', 'Access to the lounge with catering and moderated matchmaking.'],
    },
    price: 8900,
    stock: 10,
  },
  {
    texts: {
      de: ['Messekatalog 2026 (gedruckt)', 'Alle Aussteller, Hallenpläne und das Vortragsprogramm auf 120 Seiten, per Post.'],
      en: ['Fair catalogue 2026 (printed)', 'All exhibitors, hall plans and the talk programme on 120 pages, sent by post.'],
    },
    price: 1200,
    stock: 150,
  },
  {
    texts: {
      de: ['Standbau-Service für 2027', 'Planung und Aufbau Ihres virtuellen Stands durch unser Team – Angebot auf Anfrage.'],
      en: ['Stand construction service for 2027', 'Our team plans and builds your virtual stand – quote on request.'],
    },
    price: null,
    stock: null,
  },
];

const PALETTES = [
  ['#1f4e8c', '#f0a202'],
  ['#c0392b', '#f5f5f5'],
  ['#1e8c6e', '#ffd166'],
  ['#6c4a9e', '#4ecdc4'],
  ['#e07a1f', '#283853'],
  ['#0f7ea8', '#ff6b6b'],
] as const;

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A packshot of the product (16:10, 960×600, WebP): the item as a box on a lit backdrop, its name underneath. */
async function productPicture(name: string, stand: string): Promise<Buffer> {
  const hash = crypto.createHash('sha256').update(name).digest();
  const [main, accent] = PALETTES[hash[0]! % PALETTES.length]!;
  const W = 960;
  const H = 600;
  const tilt = (hash[1]! % 12) - 6;
  const size = Math.min(48, (W * 0.85) / Math.max(name.length * 0.6, 1));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <radialGradient id="bg" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#d9dee6"/></radialGradient>
    <linearGradient id="box" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${main}"/><stop offset="1" stop-color="#101820"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <ellipse cx="${W / 2}" cy="420" rx="230" ry="30" fill="#000" opacity=".18"/>
  <g transform="rotate(${tilt} ${W / 2} 260)">
    <rect x="${W / 2 - 170}" y="110" width="340" height="300" rx="22" fill="url(#box)"/>
    <rect x="${W / 2 - 170}" y="110" width="340" height="60" rx="22" fill="${accent}" opacity=".85"/>
    <circle cx="${W / 2}" cy="290" r="70" fill="#ffffff" opacity=".9"/>
    <circle cx="${W / 2}" cy="290" r="38" fill="${main}"/>
    <rect x="${W / 2 - 120}" y="380" width="${80 + (hash[2]! % 140)}" height="10" rx="5" fill="#ffffff" opacity=".6"/>
  </g>
  <text x="${W / 2}" y="500" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${size.toFixed(1)}" font-weight="bold" fill="#283853" text-anchor="middle">${escapeXml(name)}</text>
  <text x="${W / 2}" y="548" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="26" fill="#4a5568" text-anchor="middle">${escapeXml(stand)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

async function insertProduct(
  trx: Knex,
  owner: { organization_id: string; stand_id?: string; convention_id?: string },
  spec: ProductSpec,
  order: number,
): Promise<string> {
  const [row] = await trx('products')
    .insert({ ...owner, price_cents: spec.price, currency: 'EUR', stock: spec.variants ? null : spec.stock, visible: spec.visible ?? true, order })
    .returning('id');
  await trx('product_translations').insert([
    { product_id: row.id, language: 'DE', title: spec.texts.de[0], description: spec.texts.de[1] },
    { product_id: row.id, language: 'EN', title: spec.texts.en[0], description: spec.texts.en[1] },
  ]);
  if (spec.variants) {
    await trx('product_variants').insert(
      spec.variants.map((v, i) => ({ product_id: row.id, organization_id: owner.organization_id, size: v.size ?? '', colour: v.colour ?? '', stock: v.stock, order: i })),
    );
  }
  return row.id as string;
}

export async function seedShop(
  trx: Knex,
  options: { organizationId: string; conventionSlug: string; visitorEmail?: string; storage?: Storage; now?: Date },
): Promise<{ conventionId: string; productIds: string[]; requestIds: string[] }> {
  const { organizationId } = options;
  const now = options.now ?? new Date();
  const storage = options.storage ?? createStorage(loadEnv());
  const convention = await trx('conventions').where({ slug: options.conventionSlug, organization_id: organizationId }).first('id', 'title');
  if (!convention) throw new Error(`demo shop: no convention ${options.conventionSlug}`);
  await trx('conventions').where({ id: convention.id }).update({ shop: true });

  const productIds: string[] = [];
  const byTitle = new Map<string, string>();
  for (const [order, spec] of HOST_PRODUCTS.entries()) {
    const id = await insertProduct(trx, { organization_id: organizationId, convention_id: convention.id }, spec, order);
    productIds.push(id);
    byTitle.set(spec.texts.de[0], id);
  }

  // the pictures first, a few at a time (rendering takes the time; the rows are quick)
  const drawn = new Map<string, Buffer>();
  await inParallel(
    SHOP_STANDS.flatMap((standSpec) =>
      standSpec.products
        .filter((spec) => spec.picture)
        .map((spec) => async () => {
          drawn.set(spec.texts.de[0], await productPicture(spec.texts.de[0], standSpec.name));
        }),
    ),
  );

  for (const standSpec of SHOP_STANDS) {
    const stand = await trx('base_stands').where({ organization_id: organizationId, name: standSpec.name }).first('id', 'organization_id');
    if (!stand) throw new Error(`demo shop: no stand ${standSpec.name}`);
    for (const [order, spec] of standSpec.products.entries()) {
      const id = await insertProduct(trx, { organization_id: stand.organization_id, stand_id: stand.id }, spec, order);
      productIds.push(id);
      byTitle.set(spec.texts.de[0], id);
      if (!spec.picture) continue;
      const bytes = drawn.get(spec.texts.de[0])!;
      const key = `org/${stand.organization_id}/${crypto.randomUUID()}.webp`;
      await storage.put(key, bytes, 'image/webp');
      const [file] = await trx('files')
        .insert({ organization_id: stand.organization_id, storage_key: key, filename: `produkt-${id.slice(0, 8)}.webp`, mime_type: 'image/webp', size: bytes.length, width: 960, height: 600, is_public: false })
        .returning('id');
      await trx('product_pictures').insert({ product_id: id, organization_id: stand.organization_id, file_id: file.id, order: 0, alt_de: spec.picture.de, alt_en: spec.picture.en });
      // served by the access module to whoever may see the product in a shop (services/access/files.ts)
      await trx('file_uses').insert({ file_id: file.id, kind: 'product', object_id: id, organization_id: stand.organization_id });
    }
  }

  // two order requests of the demo visitor: one the exhibitor still has to answer, one answered
  const requestIds: string[] = [];
  const visitor = options.visitorEmail ? await trx('users').whereRaw('lower(email) = lower(?)', [options.visitorEmail]).first('id', 'email', 'first_name', 'last_name') : null;
  if (visitor) {
    const lineOf = async (title: string, quantity: number, variant?: { size?: string; colour?: string }) => {
      const productId = byTitle.get(title)!;
      const product = await trx('products').where({ id: productId }).first('price_cents', 'currency');
      const v = variant ? await trx('product_variants').where({ product_id: productId, size: variant.size ?? '', colour: variant.colour ?? '' }).first('id', 'size', 'colour') : null;
      return { product_id: productId, variant_id: v?.id ?? null, name: title, variant_label: v ? [v.size, v.colour].filter(Boolean).join(' / ') : '', quantity, price_cents: product.price_cents, currency: product.currency };
    };
    const requests = [
      {
        hoursAgo: 3,
        message: 'Bitte mit Lieferung an unser Werk in Bielefeld. Können Sie den Musterkoffer bis Ende des Monats schicken?',
        state: 'NEW',
        answer: null,
        lines: [await lineOf('Musterkoffer Drehteile', 1), await lineOf('Digitaler Messschieber 150 mm', 2), await lineOf('Greiferbacken-Set', 1, { size: 'M' })],
      },
      {
        hoursAgo: 26,
        message: '',
        state: 'ANSWERED',
        answer: 'Vielen Dank für Ihre Anfrage! Ihr Workshop-Platz ist reserviert; die Rechnung und die Zugangsdaten kommen per E-Mail. Viele Grüße, Anna Aussteller',
        lines: [await lineOf('Workshop-Ticket Predictive Maintenance', 1), await lineOf('Messekatalog 2026 (gedruckt)', 1)],
      },
    ];
    for (const spec of requests) {
      const created = new Date(now.getTime() - spec.hoursAgo * 3600 * 1000);
      const [request] = await trx('order_requests')
        .insert({
          organization_id: organizationId,
          convention_id: convention.id,
          user_id: visitor.id,
          checkout_id: crypto.randomUUID(),
          number: `R-${crypto.randomBytes(5).toString('hex').toUpperCase()}`,
          buyer_name: `${visitor.first_name} ${visitor.last_name}`.trim(),
          buyer_email: visitor.email,
          buyer_language: 'DE',
          message: spec.message,
          state: spec.state,
          answer: spec.answer,
          answered_at: spec.answer ? new Date(created.getTime() + 2 * 3600 * 1000) : null,
          created_at: created,
          updated_at: created,
        })
        .returning('id');
      await trx('order_request_lines').insert(spec.lines.map((line, position) => ({ ...line, organization_id: organizationId, order_request_id: request.id, position })));
      requestIds.push(request.id as string);
    }
  }
  return { conventionId: convention.id as string, productIds, requestIds };
}
