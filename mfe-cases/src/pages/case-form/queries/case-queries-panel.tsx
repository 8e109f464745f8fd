import { useMemo, useState } from 'react';
import { Button, Input, List, Select, Space, Tag, Typography } from 'antd';
import type { FieldQuery } from '@pnss/libs/api';
import { QUERY_TEXT_MAX, queryActionRefusal } from '@pnss/libs/quality';
import { FIELD_META, fieldMeta } from '@pnss/libs/validation';
import { describeError, toast, useAccess } from '@pnss/web';
import { useGetCaseQueriesQuery, useRaiseQueryMutation, useStepQueryMutation } from '../../../api/queries.api.js';
import { focusField } from '../layout/focus-field.js';

const STATUS_LABEL: Record<FieldQuery['status'], { text: string; color: string }> = {
  open: { text: 'Waiting for an answer', color: 'blue' },
  answered: { text: 'Answered: waiting for the reviewer', color: 'gold' },
  closed: { text: 'Closed', color: 'default' },
};

/** The fields a query may name: the case form's, the first infant's for the neonatal fields. */
const FIELD_OPTIONS = Object.keys(FIELD_META)
  .filter((key) => key !== 'neonatal')
  .map((key) => (key.startsWith('neonatal[].') ? key.replace('neonatal[]', 'neonatal[0]') : key))
  .map((value) => ({ value, label: `${fieldMeta(value).section}: ${fieldMeta(value).label}` }));

function QueryItem({ query, caseId }: { query: FieldQuery; caseId: string }) {
  const access = useAccess();
  const [step, stepping] = useStepQueryMutation();
  const [text, setText] = useState('');
  const act = async (action: 'answer' | 'reply' | 'close') => {
    try {
      await step({ queryId: query._id, caseId, action, text: text.trim() || undefined }).unwrap();
      setText('');
    } catch (error) {
      toast.error(describeError(error).message ?? 'The query could not be updated.');
    }
  };
  const can = (action: 'answer' | 'reply' | 'close') =>
    queryActionRefusal(action, query.status) === null && (action === 'answer' ? access.canAnswerQuery : access.canRaiseQuery);
  const status = STATUS_LABEL[query.status];
  return (
    <List.Item aria-label={`Query on ${query.label}`}>
      <Space orientation="vertical" size={4} style={{ width: '100%' }}>
        <Space wrap>
          <Button type="link" size="small" onClick={() => focusField(query.field)}>{query.label}</Button>
          <Tag color={status.color}>{status.text}</Tag>
        </Space>
        <ol className="cf-query-thread">
          {query.messages.map((m, i) => (
            <li key={`${m.at}-${i}`}>
              <Typography.Text strong>{m.by ?? 'someone'}</Typography.Text>{' '}
              <Typography.Text type="secondary">({m.kind}, {new Date(m.at).toLocaleString()})</Typography.Text>: {m.text}
            </li>
          ))}
        </ol>
        {can('answer') || can('reply') || can('close') ? (
          <Space.Compact style={{ width: '100%' }}>
            <Input
              aria-label={`Answer the query on ${query.label}`}
              value={text}
              maxLength={QUERY_TEXT_MAX}
              onChange={(event) => setText(event.target.value)}
              placeholder={can('answer') ? 'Your answer' : 'Your reply'}
            />
            {can('answer') ? <Button onClick={() => void act('answer')} disabled={!text.trim()} loading={stepping.isLoading}>Answer</Button> : null}
            {can('reply') ? <Button onClick={() => void act('reply')} disabled={!text.trim()} loading={stepping.isLoading}>Reply</Button> : null}
            {can('close') ? <Button onClick={() => void act('close')} loading={stepping.isLoading}>Close query</Button> : null}
          </Space.Compact>
        ) : null}
      </Space>
    </List.Item>
  );
}

/**
 * Issue 31: the queries on the case's fields, below the form: each with its thread, and the
 * answer (whoever may edit the case) or the reviewer's reply and close; a reviewer raises a new
 * one on a field with a question. A queried field shows a marker beside its label.
 */
export function CaseQueriesPanel({ caseId, queries }: { caseId: string; queries: FieldQuery[] }) {
  const access = useAccess();
  const [raise, raising] = useRaiseQueryMutation();
  const [field, setField] = useState<string | undefined>();
  const [question, setQuestion] = useState('');
  const submit = async () => {
    if (!field || !question.trim()) return;
    try {
      await raise({ caseId, field, question: question.trim() }).unwrap();
      setQuestion('');
      setField(undefined);
    } catch (error) {
      toast.error(describeError(error).message ?? 'The query could not be raised.');
    }
  };
  const openCount = queries.filter((q) => q.status !== 'closed').length;
  // Shown at once when a query waits; otherwise behind one button, so the form stays as it was. Once
  // shown with a query waiting it stays shown: the query just closed, answered or raised stays in view.
  const [expanded, setExpanded] = useState(false);
  if (openCount > 0 && !expanded) setExpanded(true);
  if (queries.length === 0 && !access.canRaiseQuery) return null;
  const shown = expanded || openCount > 0;
  return (
    <section className="cf-queries" aria-labelledby="cf-queries-title">
      <Space>
        <Typography.Title level={4} id="cf-queries-title" style={{ margin: 0 }}>
          Queries{queries.length > 0 ? ` (${openCount} open of ${queries.length})` : ''}
        </Typography.Title>
        {openCount === 0 ? (
          <Button size="small" aria-expanded={shown} onClick={() => setExpanded(!expanded)}>{shown ? 'Hide' : 'Show'}</Button>
        ) : null}
      </Space>
      {!shown ? null : queries.length === 0 ? <Typography.Text type="secondary">No query on this case.</Typography.Text> : (
        <List dataSource={queries} renderItem={(query) => <QueryItem key={query._id} query={query} caseId={caseId} />} />
      )}
      {shown && access.canRaiseQuery ? (
        <Space wrap className="cf-query-raise">
          <Select
            showSearch
            aria-label="Field to query"
            placeholder="Field"
            style={{ minWidth: 280 }}
            value={field}
            onChange={setField}
            options={FIELD_OPTIONS}
            optionFilterProp="label"
          />
          <Input
            aria-label="Question"
            placeholder="Question"
            value={question}
            maxLength={QUERY_TEXT_MAX}
            onChange={(event) => setQuestion(event.target.value)}
            style={{ minWidth: 280 }}
          />
          <Button type="primary" onClick={() => void submit()} disabled={!field || !question.trim()} loading={raising.isLoading}>Raise query</Button>
        </Space>
      ) : null}
    </section>
  );
}

/** The case's queries, and the set of fields with one not closed. */
export function useCaseQueries(caseId: string | null, enabled: boolean): { queries: FieldQuery[]; queried: ReadonlySet<string> } {
  const result = useGetCaseQueriesQuery(caseId ?? '', { skip: !caseId || !enabled });
  return useMemo(() => {
    const queries = result.data?.result ?? [];
    return { queries, queried: new Set(queries.filter((q) => q.status !== 'closed').map((q) => q.field)) };
  }, [result.data]);
}
