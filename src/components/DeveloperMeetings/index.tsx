import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { formatLongDate } from '@site/src/utils/dates';
import type { DeveloperMeeting, DeveloperMeetingsData } from '@site/src/utils/siteDataTypes';
import { useToday } from '@site/src/utils/useToday';
import { announcedMeetings, meetingState, pastMeetingsByYear } from './utils';
import styles from './styles.module.css';

interface Props {
  /** data/developer-meetings.json, imported by the page so that only that page's bundle carries it. */
  data: DeveloperMeetingsData;
  /** The meetings still to come on the reader's date, or those whose date has passed. */
  when: 'announced' | 'past';
}

function Meeting({ meeting, sourceDate, today }: { meeting: DeveloperMeeting; sourceDate: string; today: string }): ReactNode {
  const state = meetingState(meeting, sourceDate, today);
  const date = formatLongDate(meeting.date);
  return (
    <li className={styles.meeting} id={`meeting-${meeting.name}`}>
      <p className={styles.heading}>
        <time dateTime={meeting.timeUtc ? `${meeting.date}T${meeting.timeUtc}Z` : meeting.date}>
          {date}
          {meeting.timeUtc && `, ${meeting.timeUtc} UTC`}
        </time>
        {meeting.theme && <span className={styles.theme}>{meeting.theme}</span>}
      </p>
      {state === 'announced' && <p className={styles.note}>Announced for this date.</p>}
      {state === 'unconfirmed' && (
        <p className={styles.note}>
          Announced for {date}; this site&rsquo;s meeting data dates from {formatLongDate(sourceDate)}, so it cannot say whether the meeting took place.
        </p>
      )}
      {meeting.topics.length > 0 && (
        <ul className={styles.topics}>
          {meeting.topics.map((topic) => (
            <li key={topic.title}>
              {topic.title}
              {topic.speakers?.length ? <span className={styles.speakers}>: {topic.speakers.join(', ')}</span> : null}
              {topic.slides && (
                <>
                  {' '}
                  (<Link href={topic.slides}>slides</Link>)
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {(meeting.page || meeting.recording || meeting.discussion) && (
        <ul className={styles.links}>
          {meeting.page && (
            <li>
              <Link to={`/general/${meeting.page}`}>Notes on this site</Link>
            </li>
          )}
          {meeting.recording && (
            <li>
              <Link href={meeting.recording}>Recording</Link>
            </li>
          )}
          {meeting.discussion && (
            <li>
              <Link href={meeting.discussion}>Forum discussion</Link>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

/**
 * The developer meetings of data/developer-meetings.json on the reader's date: those still to
 * come, or those past, grouped by year. The server renders the build day's view; after hydration
 * the reader's own date decides.
 */
export default function DeveloperMeetings({ data, when }: Props): ReactNode {
  const today = useToday();
  const sourceDate = data.source.date;
  if (when === 'announced') {
    const announced = announcedMeetings(data.meetings, sourceDate, today);
    if (!announced.length) {
      return (
        <p className={styles.none}>
          No meeting dated after today is announced in this site&rsquo;s meeting data (read on {formatLongDate(sourceDate)}). The forum discussion linked above
          names the next one.
        </p>
      );
    }
    return (
      <ul className={styles.list}>
        {announced.map((meeting) => (
          <Meeting key={meeting.name} meeting={meeting} sourceDate={sourceDate} today={today} />
        ))}
      </ul>
    );
  }
  return (
    <div>
      {pastMeetingsByYear(data.meetings, sourceDate, today).map(([year, meetings]) => (
        <section key={year} aria-labelledby={`meetings-${year}`}>
          <h3 id={`meetings-${year}`}>{year}</h3>
          <ul className={styles.list}>
            {meetings.map((meeting) => (
              <Meeting key={meeting.name} meeting={meeting} sourceDate={sourceDate} today={today} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
