import { describeCaseHistoryEntry } from './case-history.rules.js';

const row = (action: string, changes: Array<{ field: string; old: unknown; new: unknown }>, entity = 'case', entityId = 'c1') => ({
  entity, entityId, action, changes,
});

describe("a case's history in words (issues 30 and 31)", () => {
  it.each([
    ['create', 'Created'],
    ['update', 'Saved'],
    ['close', 'Closed'],
    ['reopen', 'Reopened'],
    ['archive', 'Archived'],
    ['unarchive', 'Unarchived'],
    ['amend', 'Reopened for amendment'],
    ['amend_close', 'Amendment closed: changed since the submitted version'],
    ['withdraw', 'Withdrawn from its package'],
    ['approve', 'Approved for a census package'],
    ['some_new_action', 'Some new action'],
  ])('a case row %s reads "%s"', (action, title) => {
    expect(describeCaseHistoryEntry(row(action, [])).title).toBe(title);
  });

  it('a reopen for amendment carries its reason apart from the changed fields, which are labelled from the case form', () => {
    const event = describeCaseHistoryEntry(row('amend', [
      { field: 'status', old: 'Submitted', new: 'Amending' },
      { field: 'reason', old: null, new: 'wrong weight on admission recorded' },
      { field: 'isClose', old: true, new: false },
    ]));
    expect(event.reason).toBe('wrong weight on admission recorded');
    expect(event.changes).toEqual([
      { field: 'status', label: 'Status', old: 'Submitted', new: 'Amending' },
      { field: 'isClose', label: 'Closed', old: true, new: false },
    ]);
  });

  it('a re-close after amendment lists the fields changed since the submitted version, with their labels', () => {
    const event = describeCaseHistoryEntry(row('amend_close', [
      { field: 'status', old: 'Amending', new: 'Submitted' },
      { field: 'reason', old: null, new: 'wrong weight on admission recorded' },
      { field: 'weight', old: 60, new: 62 },
    ]));
    expect(event.changes.find((c) => c.field === 'weight')).toEqual({ field: 'weight', label: 'Weight (kg)', old: 60, new: 62 });
  });

  it('a withdrawal that archives says so', () => {
    expect(describeCaseHistoryEntry(row('withdraw', [{ field: 'isArchived', old: false, new: true }])).title).toBe('Withdrawn from its package and archived');
  });

  it('a query names the field by its label and carries its words; an infant field names the infant', () => {
    const raised = describeCaseHistoryEntry(row('query_raise', [{ field: 'query:neonatal[0].pediatricWeight', old: null, new: 'Is 9000 g right?' }]));
    expect(raised).toEqual({ title: 'Query on Infant 1: Birth Weight (g) raised', reason: null, message: 'Is 9000 g right?', changes: [] });
    const answered = describeCaseHistoryEntry(row('query_answer', [
      { field: 'query:weight', old: 'open', new: 'answered' },
      { field: 'text', old: null, new: 'Corrected to 62' },
    ]));
    expect(answered).toMatchObject({ title: 'Query on Weight (kg) answered', message: 'Corrected to 62' });
    expect(describeCaseHistoryEntry(row('query_reply', [{ field: 'query:weight', old: 'answered', new: 'open' }])).title).toBe('Query on Weight (kg) replied to');
    expect(describeCaseHistoryEntry(row('query_close', [{ field: 'query:weight', old: 'answered', new: 'closed' }]))).toMatchObject({
      title: 'Query on Weight (kg) closed', message: null,
    });
  });

  it('the package events that concern the case: included, rebuilt into version n, submitted, resubmitted', () => {
    expect(describeCaseHistoryEntry(row('package', [{ field: 'submissionId', old: null, new: 'S1' }])).title).toBe('Included in census package S1');
    const version = (n: number) => [{ field: 'version', old: null, new: n }];
    expect(describeCaseHistoryEntry(row('build', version(2), 'package', 'S1')).title).toBe('Rebuilt into version 2 of census package S1');
    expect(describeCaseHistoryEntry(row('submit', version(1), 'package', 'S1')).title).toBe('Submitted to the society in census package S1, version 1');
    expect(describeCaseHistoryEntry(row('resubmit', version(2), 'package', 'S1')).title).toBe('Resubmitted to the society in census package S1, version 2');
  });

  it("the society's answer to a version that carries the case: accepted with its upload id, or not accepted", () => {
    const sent = [{ field: 'uploadId', old: null, new: 'U-77' }, { field: 'version', old: null, new: 2 }];
    expect(describeCaseHistoryEntry(row('sent', sent, 'package', 'S1')).title).toBe('Accepted by the society: census package S1, version 2, upload U-77');
    expect(describeCaseHistoryEntry(row('submit_failed', [{ field: 'version', old: null, new: 1 }], 'package', 'S1')).title).toBe(
      'Not accepted by the society: census package S1, version 1 (the reason is on the Census Packages tab)',
    );
  });
});
