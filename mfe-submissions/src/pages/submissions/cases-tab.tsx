import { Button, Progress, Radio, Space, Table, Typography } from 'antd';
import type { SubmissionCaseType } from '@pnss/libs/api';
import { SUBMISSION_CASE_TYPES, SUBMISSION_CASE_TYPE_LABELS } from '@pnss/libs/enums';
import { PERMISSIONS, hasAll } from '@pnss/libs/permissions';
import { LoadError, selectPermissions, useAppSelector, casePaths, submissionPaths } from '@pnss/web';
import { useNavigate } from 'react-router-dom';
import { Pager } from '../../components/pager.js';
import { closedCaseColumns, type ClosedCaseRow } from './cases-columns.js';
import { useCaseApproval } from './use-case-approval.js';
import { useClosedCases } from './use-closed-cases.js';
import { usePackageBuild } from './use-package-build.js';

const ALL = 'all';

/**
 * SPEC.md §2 Submissions, Cases tab: the closed cases waiting for a package, by case type, with
 * approval and Create Package. Approval is kept by the server; Create Package sends the approved
 * cases of the page, shows 'Packing...' while the build runs and its progress, then moves to
 * Census Packages. The list is `useClosedCases`, approving `useCaseApproval`, the build
 * `usePackageBuild`, the columns `closedCaseColumns`.
 */
export function CasesTab({ caseType }: { caseType: SubmissionCaseType | null }) {
  const navigate = useNavigate();
  const permissions = useAppSelector(selectPermissions);
  const canApprove = hasAll(permissions, [PERMISSIONS.APPROVE_CASES]);
  const canCreate = hasAll(permissions, [PERMISSIONS.CREATE_PACKAGE]);
  const list = useClosedCases(caseType);
  const { query, rows, approvedIds, offset, setOffset } = list;
  const { confirmApprove, approving } = useCaseApproval(list);
  const build = usePackageBuild(approvedIds, query.refetch);

  const columns = closedCaseColumns({ caseType, rows, approvedIds, canApprove, approving, qualityOf: list.qualityOf, onApprove: confirmApprove });
  return (
    <section aria-label="Closed cases">
      <div className="pnss-submissions-toolbar">
        <Radio.Group
          value={caseType ?? ALL}
          onChange={(event) => navigate(submissionPaths.casesOfType(event.target.value === ALL ? null : (event.target.value as string)))}
          optionType="button"
          aria-label="Case type"
          options={[{ value: ALL, label: 'All Closed' }, ...SUBMISSION_CASE_TYPES.map((type) => ({ value: type, label: SUBMISSION_CASE_TYPE_LABELS[type] }))]}
        />
        {canCreate ? (
          <Button type="primary" onClick={() => void build.create()} loading={build.packing}>
            {build.packing ? 'Packing...' : 'Create Package'}
          </Button>
        ) : null}
      </div>
      {build.building ? (
        <div role="status" aria-label="Package build" className="pnss-build-progress">
          <Typography.Text>Building package {build.building}</Typography.Text>
          <Progress percent={build.progress} size="small" />
        </div>
      ) : null}
      {query.isError ? (
        <LoadError error={query.error} title="The closed cases could not be loaded." onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Table<ClosedCaseRow>
            rowKey="_id"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={query.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            onRow={(row) => ({
              onClick: () => navigate(casePaths.caseForm(row.patientid._id, row._id)),
              style: { cursor: 'pointer' },
            })}
            locale={{
              emptyText: query.isLoading ? 'Loading closed cases…' : (
                <Space orientation="vertical" size={2}>
                  <Typography.Text strong>No closed cases are waiting for a package.</Typography.Text>
                  <Typography.Text type="secondary">Cases appear here once they are closed, and leave once a census package carries them.</Typography.Text>
                </Space>
              ),
            }}
          />
          <Pager offset={offset} shown={rows.length} total={query.data?.count ?? 0} onChange={setOffset} label="Closed cases" />
        </>
      )}
    </section>
  );
}
