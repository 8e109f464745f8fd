import { useState } from 'react';
import { Button, Modal, Table, Typography } from 'antd';
import type { PackagedCaseItem } from '@pnss/libs/api';
import { LoadError, casePaths, submissionPaths } from '@pnss/web';
import { useNavigate, useParams } from 'react-router-dom';
import { useGetPackagedCasesQuery } from '../../api/submissions.api.js';
import { formatDate, fullName } from '../../components/format.js';
import { Pager } from '../../components/pager.js';

/**
 * SPEC.md §2 /submissions/census/package/{submissionid}: the overlay titled Create Submission
 * listing the package's cases; a row opens the case, Close returns to the census list.
 */
export function PackageCasesOverlay() {
  const { submissionid = '' } = useParams();
  const navigate = useNavigate();
  const [offset, setOffset] = useState(0);
  const query = useGetPackagedCasesQuery({ submissionId: submissionid, offset });
  const close = () => navigate(submissionPaths.census);
  const rows = query.data?.result ?? [];
  return (
    <Modal
      open
      title="Create Submission"
      onCancel={close}
      width={760}
      footer={<Button onClick={close}>Close</Button>}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">Submission ID {submissionid}</Typography.Paragraph>
      {query.isError ? (
        <LoadError error={query.error} title="The cases of this package could not be loaded." onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Table<PackagedCaseItem>
            rowKey="_id"
            size="small"
            dataSource={rows}
            loading={query.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            aria-label={`Cases of ${submissionid}`}
            columns={[
              { title: 'Case No', dataIndex: 'caseNum', key: 'caseNum' },
              { title: 'Patient Name', key: 'patient', render: (_: unknown, row) => fullName(row.patientid) },
              { title: 'Admission Date', dataIndex: 'admissionDate', key: 'admissionDate', render: formatDate },
              { title: 'Discharge Date', dataIndex: 'dischargeDate', key: 'dischargeDate', render: formatDate },
            ]}
            onRow={(row) => ({ onClick: () => navigate(casePaths.caseForm(row.patientid._id, row._id)), style: { cursor: 'pointer' } })}
            locale={{ emptyText: query.isLoading ? 'Loading cases…' : 'This package carries no cases.' }}
          />
          <Pager offset={offset} shown={rows.length} total={query.data?.count ?? 0} onChange={setOffset} label="Package cases" />
        </>
      )}
    </Modal>
  );
}
