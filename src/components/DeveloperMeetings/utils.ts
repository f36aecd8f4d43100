/**
 * Where a developer meeting stands on a given day, from data/developer-meetings.json. The data
 * was read on its source's date: a meeting dated after it was announced, and the data cannot
 * say whether it took place.
 */
import { compareIsoDates } from '../../utils/dates';
import type { DeveloperMeeting } from '@site/src/utils/siteDataTypes';

export type MeetingState =
  /** Dated on or before the source's date: the source reports it as held. */
  | 'held'
  /** Announced in the source, and its date has not come yet. */
  | 'announced'
  /** Announced in the source for a date that has now passed: the data cannot confirm it took place. */
  | 'unconfirmed';

export function meetingState(meeting: DeveloperMeeting, sourceDate: string, today: string): MeetingState {
  if (meeting.date <= sourceDate) {
    return 'held';
  }
  return meeting.date >= today ? 'announced' : 'unconfirmed';
}

/** The meetings still to come, soonest first. */
export function announcedMeetings(meetings: readonly DeveloperMeeting[], sourceDate: string, today: string): DeveloperMeeting[] {
  return meetings.filter((meeting) => meetingState(meeting, sourceDate, today) === 'announced').sort((a, b) => compareIsoDates(a.date, b.date));
}

/** The meetings whose date has passed, newest first, grouped by year (newest year first). */
export function pastMeetingsByYear(meetings: readonly DeveloperMeeting[], sourceDate: string, today: string): [year: string, meetings: DeveloperMeeting[]][] {
  const years = new Map<string, DeveloperMeeting[]>();
  const past = meetings.filter((meeting) => meetingState(meeting, sourceDate, today) !== 'announced').sort((a, b) => compareIsoDates(b.date, a.date));
  for (const meeting of past) {
    const year = meeting.date.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), meeting]);
  }
  return [...years];
}
