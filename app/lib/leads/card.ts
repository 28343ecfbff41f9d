/**
 * Business-card and contact-QR results (issue 18, spec 000 point 3 "Business card extraction result"): the
 * contract between the reader (`app/server/services/leads/card/*`: OCR in a worker, QR decoding, vCard/MECARD
 * parsing) and the lead service, GraphQL (`fetchBusinesscardData`, `uploadBusinesscard`) and the capture pages.
 * Browser-safe: types only. Every field is '' when not found.
 */
export interface BusinessCardExtraction {
  leadname: string;
  email: string;
  company: string;
  /** The whole address as printed (one line); street/hno/plz/city/country are its parts where recognised. */
  address: string;
  street: string;
  hno: string;
  plz: string;
  city: string;
  /** ISO 3166-1 alpha-2 when recognised (DE, AT, CH, ...), else ''. */
  country: string;
  job: string;
  web: string;
  mobile: string;
  phone: string;
}

/** A scanned QR code: a vCard or MECARD becomes a contact; anything else is INCOMPATIBLE ("QR code incompatible"). */
export type ContactQrResult = { kind: 'CONTACT'; contact: BusinessCardExtraction } | { kind: 'INCOMPATIBLE' };
