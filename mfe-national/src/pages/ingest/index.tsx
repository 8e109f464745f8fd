import { useState } from 'react';
import { Button, Card, Flex, Select, Statistic, Table, Tag, Typography } from 'antd';
import { INGEST_STATES, type IngestState, type NationalIngestItem } from '@pnss/libs/api';
import { LoadError, ScrollRegion, describeError, toast } from '@pnss/web';
import { useGetNationalIngestQuery, useRetryNationalIngestMutation } from '../../api/national.api.js';
import { DepartmentSelect } from '../../components/department-select.js';
import { formatDateTime } from '../../components/format.js';

/** Each ingest state in words, with its tag colour. */
export const STATE_WORDS: Record<IngestState, { label: string; color: string }> = {
  queued: { label: 'Pending: queued', color: 'default' },
  active: { label: 'Pending: ingesting now', color: 'processing' },
  retrying: { label: 'Pending: failed, will retry', color: 'warning' },
  held: { label: 'Failed: held', color: 'error' },
  ingested: { label: 'Ingested', color: 'success' },
  superseded: { label: 'Superseded by a later version', color: 'default' },
};

const PAGE = 100;

/**
 * The ingest of received packages into the national figures (issue 29): how many are ingested, pending
 * or failed, and for each package its state, attempts and, when held or retrying, the reason in words.
 * A held package counts nothing; once the hub is upgraded it can be queued again.
 */
export function IngestTab() {
  const [state, setState] = useState<IngestState | null>(null);
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const query = useGetNationalIngestQuery(
    { ...(state ? { state } : {}), ...(departmentId ? { departmentId } : {}), offset },
    { pollingInterval: 10_000 },
  );
  const [retry] = useRetryNationalIngestMutation();
  const [retrying, setRetrying] = useState<string | null>(null);
  const totals = query.data?.totals;
  const pending = totals ? totals.queued + totals.active + totals.retrying : 0;

  const onRetry = async (item: NationalIngestItem) => {
    setRetrying(item.packageId);
    try {
      const answer = await retry(item.packageId).unwrap();
      toast.success(answer.message);
    } catch (failure) {
      toast.error(describeError(failure).message ?? 'The package could not be queued again.');
    } finally {
      setRetrying(null);
    }
  };

  return (
    <>
      <div className="national-toolbar">
        <label className="national-field">
          <span>State</span>
          <Select<IngestState>
            aria-label="State"
            allowClear
            placeholder="All states"
            style={{ width: 260 }}
            value={state ?? undefined}
            onChange={(next) => {
              setOffset(0);
              setState(next ?? null);
            }}
            options={INGEST_STATES.map((s) => ({ value: s, label: STATE_WORDS[s].label }))}
          />
        </label>
        <DepartmentSelect
          value={departmentId}
          onChange={(next) => {
            setOffset(0);
            setDepartmentId(next);
          }}
        />
      </div>
      {query.isError ? (
        <LoadError error={query.error} title="The ingest of the packages could not be loaded." onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Flex wrap gap={16} className="national-ingest-totals" role="group" aria-label="Packages by ingest state">
            <Card size="small"><Statistic title="Ingested" value={totals?.ingested ?? 0} loading={!totals} /></Card>
            <Card size="small"><Statistic title="Pending" value={pending} loading={!totals} /></Card>
            <Card size="small"><Statistic title="Failed (held)" value={totals?.held ?? 0} loading={!totals} styles={totals?.held ? { content: { color: '#a8071a' } } : undefined} /></Card>
            <Card size="small"><Statistic title="Superseded" value={totals?.superseded ?? 0} loading={!totals} /></Card>
          </Flex>
          <ScrollRegion label="Received packages and their ingest">
            <Table<NationalIngestItem>
              rowKey="packageId"
              size="small"
              aria-label="Received packages and their ingest"
              loading={query.isLoading}
              dataSource={query.data?.items ?? []}
              pagination={{
                current: Math.floor(offset / PAGE) + 1,
                pageSize: PAGE,
                total: query.data?.count ?? 0,
                showSizeChanger: false,
                onChange: (page) => setOffset((page - 1) * PAGE),
              }}
              locale={{ emptyText: query.isLoading ? 'Loading the packages…' : 'No package has been received yet.' }}
              columns={[
                { title: 'Department', dataIndex: 'departmentId', key: 'department' },
                {
                  title: 'Submission',
                  key: 'submission',
                  render: (_: unknown, p) => (
                    <span>
                      {p.submissionId}
                      <br />
                      <Typography.Text type="secondary">version {p.version}, {p.numOfCases} {p.numOfCases === 1 ? 'case' : 'cases'}, dictionary {p.dataDictionaryVersion}</Typography.Text>
                    </span>
                  ),
                },
                { title: 'Received', dataIndex: 'receivedAt', key: 'received', render: formatDateTime },
                { title: 'State', key: 'state', render: (_: unknown, p) => <Tag color={STATE_WORDS[p.state].color}>{STATE_WORDS[p.state].label}</Tag> },
                { title: 'Attempts', dataIndex: 'attempts', key: 'attempts', align: 'right' },
                {
                  title: 'Reason',
                  key: 'reason',
                  render: (_: unknown, p) => (p.reason ? <Typography.Text style={{ maxWidth: 360, display: 'inline-block' }}>{p.reason}</Typography.Text> : '-'),
                },
                {
                  title: 'In the national facts',
                  key: 'facts',
                  render: (_: unknown, p) =>
                    p.state === 'ingested' ? `${p.factCases} cases, ${p.factInfants} infants, ${formatDateTime(p.ingestedAt)}` : 'Nothing counted',
                },
                {
                  title: 'Action',
                  key: 'action',
                  render: (_: unknown, p) =>
                    p.state === 'held' ? (
                      <Button size="small" loading={retrying === p.packageId} aria-label={`Ingest ${p.submissionId} version ${p.version} of ${p.departmentId} again`} onClick={() => void onRetry(p)}>
                        Ingest again
                      </Button>
                    ) : null,
                },
              ]}
            />
          </ScrollRegion>
          {query.data && <Typography.Paragraph type="secondary" className="national-definition">Queue: {query.data.queue}. The list refreshes every 10 seconds.</Typography.Paragraph>}
        </>
      )}
    </>
  );
}
