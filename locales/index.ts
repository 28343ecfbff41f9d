import deAccess from './de/access.json';
import deAuth from './de/auth.json';
import deCommon from './de/common.json';
import deContent from './de/content.json';
import deErrors from './de/errors.json';
import deEvents from './de/events.json';
import deFiles from './de/files.json';
import deMail from './de/mail.json';
import deOrg from './de/org.json';
import deValidation from './de/validation.json';
import deVisitor from './de/visitor.json';
import deBuilder from './de/builder.json';
import deContentview from './de/contentview.json';
import dePersonalization from './de/personalization.json';
import dePages from './de/pages.json';
import deRoomsviewer from './de/roomsviewer.json';
import deRoomseditor from './de/roomseditor.json';
import deLeads from './de/leads.json';
import deLeadscard from './de/leadscard.json';
import deRooms from './de/rooms.json';
import deLeadsconsole from './de/leadsconsole.json';
import dePagesmigration from './de/pagesmigration.json';
import enAccess from './en/access.json';
import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enContent from './en/content.json';
import enErrors from './en/errors.json';
import enEvents from './en/events.json';
import enFiles from './en/files.json';
import enMail from './en/mail.json';
import enOrg from './en/org.json';
import enValidation from './en/validation.json';
import enVisitor from './en/visitor.json';
import enBuilder from './en/builder.json';
import enContentview from './en/contentview.json';
import enPersonalization from './en/personalization.json';
import enPages from './en/pages.json';
import enRoomsviewer from './en/roomsviewer.json';
import enRoomseditor from './en/roomseditor.json';
import enLeads from './en/leads.json';
import enLeadscard from './en/leadscard.json';
import enRooms from './en/rooms.json';
import enLeadsconsole from './en/leadsconsole.json';
import enPagesmigration from './en/pagesmigration.json';

/**
 * All translations, bundled into the server (services translate their error messages). The browser loads
 * only the namespaces of its language from /locales/{lng}/{ns}.json. A unit test checks that every JSON file
 * in locales/ is listed here and that DE and EN have the same keys.
 */
export const resources = {
  de: { access: deAccess, auth: deAuth, mail: deMail, common: deCommon, errors: deErrors, files: deFiles, validation: deValidation, org: deOrg, events: deEvents, visitor: deVisitor, content: deContent, builder: deBuilder, contentview: deContentview, personalization: dePersonalization, pages: dePages, roomsviewer: deRoomsviewer, roomseditor: deRoomseditor, leads: deLeads, leadscard: deLeadscard, rooms: deRooms, leadsconsole: deLeadsconsole, pagesmigration: dePagesmigration },
  en: { access: enAccess, auth: enAuth, mail: enMail, common: enCommon, errors: enErrors, files: enFiles, validation: enValidation, org: enOrg, events: enEvents, visitor: enVisitor, content: enContent, builder: enBuilder, contentview: enContentview, personalization: enPersonalization, pages: enPages, roomsviewer: enRoomsviewer, roomseditor: enRoomseditor, leads: enLeads, leadscard: enLeadscard, rooms: enRooms, leadsconsole: enLeadsconsole, pagesmigration: enPagesmigration },
} as const;

export type Namespace = keyof (typeof resources)['en'];
export const NAMESPACES = Object.keys(resources.en) as Namespace[];
