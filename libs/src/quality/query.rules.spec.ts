import { isQueryOpen, isQueryableField, queryActionRefusal } from './query.rules.js';

describe('queries on a field (issue 31): open, answer, reply, close', () => {
  it.each([
    ['answer', 'open', null],
    ['answer', 'answered', null],
    ['reply', 'answered', null],
    ['close', 'open', null],
    ['close', 'answered', null],
    ['reply', 'open', 'This query has not been answered yet'],
    ['answer', 'closed', 'This query is closed'],
    ['reply', 'closed', 'This query is closed'],
    ['close', 'closed', 'This query is closed'],
  ] as const)('%s on a query that is %s: %s', (action, status, refusal) => {
    expect(queryActionRefusal(action, status)).toBe(refusal);
  });

  it('a query is open until it is closed, answered or not', () => {
    expect([isQueryOpen('open'), isQueryOpen('answered'), isQueryOpen('closed')]).toEqual([true, true, false]);
  });

  it('a query names a field of the case form, an infant field by its infant', () => {
    expect(['weight', 'neonatal[0].pediatricWeight', 'deliveryIndication'].every(isQueryableField)).toBe(true);
    expect(['password', 'neonatal[].pediatricWeight', 'neonatal[0].password', 42, '__proto__'].some(isQueryableField)).toBe(false);
  });
});
