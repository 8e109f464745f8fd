import dayjs from 'dayjs';
import type { AuditEntryView } from '@pnss/libs/api';
import { describeCaseHistoryEntry, type CaseHistoryChange } from '@pnss/libs/rules';
import { historyValue } from './history-value.js';

/** A row's changes are listed in full up to this many; a longer list (a case's creation) opens on demand. */
const SHOWN_CHANGES = 10;

export const HISTORY_TIME_FORMAT = 'MM/DD/YYYY HH:mm';

/**
 * One row of a case's history: when (the browser's local date and time), who, what in words
 * (libs describeCaseHistoryEntry), the reason or the message, and the fields changed, before and after.
 */
export function HistoryEntry({ entry }: { entry: AuditEntryView }) {
  const event = describeCaseHistoryEntry(entry);
  const titleId = `history-entry-${entry._id}`;
  return (
    <li>
      <article className="pnss-history-entry" aria-labelledby={titleId}>
        <h3 id={titleId}>{event.title}</h3>
        <div className="pnss-history-meta">
          <time dateTime={entry.at}>{dayjs(entry.at).format(HISTORY_TIME_FORMAT)}</time>
          <span>by {entry.actorUsername ?? 'system'}</span>
        </div>
        {event.reason ? (
          <p className="pnss-history-words">
            <strong>Reason:</strong> {event.reason}
          </p>
        ) : null}
        {event.message ? (
          <p className="pnss-history-words">
            <strong>Message:</strong> {event.message}
          </p>
        ) : null}
        {event.changes.length > SHOWN_CHANGES ? (
          <details className="pnss-history-more">
            <summary>Show the {event.changes.length} fields</summary>
            <ChangesTable changes={event.changes} title={event.title} />
          </details>
        ) : event.changes.length > 0 ? (
          <ChangesTable changes={event.changes} title={event.title} />
        ) : null}
      </article>
    </li>
  );
}

function ChangesTable({ changes, title }: { changes: CaseHistoryChange[]; title: string }) {
  return (
    <table className="pnss-history-changes">
      <caption>Fields changed: {title}</caption>
      <colgroup>
        <col className="pnss-history-field" />
        <col />
        <col />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change, index) => (
          <tr key={`${change.field}-${index}`}>
            <th scope="row">{change.label}</th>
            <td>{historyValue(change.field, change.old)}</td>
            <td>{historyValue(change.field, change.new)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
