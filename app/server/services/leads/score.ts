import type { LeadTrack } from '#db/models/index';

/**
 * A lead's score from its behaviour (issue 18: pages opened, time spent, room tour finished, material
 * downloaded), 0 to 100, with the reasons that make it up so the lead page can say "why this score". Pure: the
 * same tracks always give the same score. Each reason counts its events and is capped, so one kind of behaviour
 * cannot make a hot lead on its own.
 */

export type ScoreReasonKind = 'informationPage' | 'pagesOpened' | 'timeSpent' | 'tourFinished' | 'materialDownloaded' | 'salesHubVisited';

export interface ScoreReason {
  kind: ScoreReasonKind;
  /** How many events (pages, downloads, tours, visits) or, for timeSpent, minutes. */
  count: number;
  points: number;
}

export interface LeadScore {
  score: number;
  reasons: ScoreReason[];
}

export const SCORE_RULES: Record<ScoreReasonKind, { each: number; max: number }> = {
  informationPage: { each: 5, max: 5 },
  pagesOpened: { each: 10, max: 40 },
  timeSpent: { each: 2, max: 20 },
  tourFinished: { each: 15, max: 30 },
  materialDownloaded: { each: 10, max: 30 },
  salesHubVisited: { each: 5, max: 10 },
};

export const SCORE_MAX = 100;

type TrackFacts = Pick<LeadTrack, 'link' | 'link_type' | 'activity' | 'duration' | 'content'>;

export function leadScore(tracks: readonly TrackFacts[]): LeadScore {
  const counts: Record<ScoreReasonKind, number> = {
    informationPage: 0,
    pagesOpened: 0,
    timeSpent: 0,
    tourFinished: 0,
    materialDownloaded: 0,
    salesHubVisited: 0,
  };
  const pagesSeen = new Set<string>();
  const downloads = new Set<string>();
  let seconds = 0;
  for (const track of tracks) {
    seconds += Math.max(0, track.duration || 0);
    if (track.activity === 'TOUR_FINISHED') counts.tourFinished += 1;
    else if (track.activity === 'DOWNLOADED') downloads.add(track.content || track.link);
    else if (track.activity === 'OPENED') {
      if (track.link_type === 'LEADINFORMATION_LINK') counts.informationPage = 1;
      else if (track.link_type === 'CONTENT_LINK') pagesSeen.add(track.link);
      else if (track.link_type === 'SALESHUB_LINK') counts.salesHubVisited += 1;
    }
  }
  counts.pagesOpened = pagesSeen.size;
  counts.materialDownloaded = downloads.size;
  counts.timeSpent = Math.floor(seconds / 60);

  const reasons: ScoreReason[] = [];
  for (const kind of Object.keys(SCORE_RULES) as ScoreReasonKind[]) {
    if (!counts[kind]) continue;
    const rule = SCORE_RULES[kind];
    reasons.push({ kind, count: counts[kind], points: Math.min(counts[kind] * rule.each, rule.max) });
  }
  const score = Math.min(SCORE_MAX, reasons.reduce((sum, reason) => sum + reason.points, 0));
  return { score, reasons: reasons.sort((a, b) => b.points - a.points) };
}
