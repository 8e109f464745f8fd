import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Checkbox, Progress, Radio, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ClosedCaseItem, SubmissionCaseType } from '@pnss/libs/api';
import { CODE_TABLES, SUBMISSION_CASE_TYPES, SUBMISSION_CASE_TYPE_LABELS, type CodeTable } from '@pnss/libs/enums';
import { MATERNAL_DEATH_CAUSES } from '@pnss/libs/lookups';
import { PERMISSIONS, hasAll } from '@pnss/libs/permissions';
import { qualityRuleTitle } from '@pnss/libs/quality';
import { approvalRefusal, codeLabel, needsWarningsConfirmation } from '@pnss/libs/submissions';
import { MESSAGES, TOASTS } from '@pnss/libs/validation';
import { LoadError, describeError, selectPermissions, toast, useAppSelector, casePaths, submissionPaths } from '@pnss/web';
import { useNavigate } from 'react-router-dom';
import { useCreatePackageMutation, useGetClosedCasesQuery, useGetPackageQuery, useSetApprovalMutation } from '../../api/submissions.api.js';
import { formatDate } from '../../components/format.js';
import { Pager } from '../../components/pager.js';
import { PatientCell } from '../../components/patient-cell.js';
import { useGetCaseQualityQuery } from '../../api/quality.api.js';
import { CaseQualityCell } from './case-quality-cell.js';

type Row = ClosedCaseItem & Record<string, unknown>;

const coded = (table: CodeTable | typeof MATERNAL_DEATH_CAUSES, field: string) => (row: Row) => codeLabel(table, row[field] as number | null) || '-';

/** The per-type columns of SPEC.md §2, between the dates and Approve. */
const TYPE_COLUMNS: Record<SubmissionCaseType, Array<{ title: string; key: string; render: (row: Row) => string | number }>> = {
  maternalfetalcase: [
    { title: 'Delivery', key: 'deliveryManner', render: coded(CODE_TABLES.deliveryManner, 'deliveryManner') },
    { title: 'Mother Condition', key: 'motherCondition', render: coded(CODE_TABLES.motherCondition, 'motherCondition') },
    { title: 'No of Infants', key: 'infantsNumber', render: (row) => (row.infantsNumber as number | null) ?? '-' },
    { title: 'Livebirth', key: 'livebirthCount', render: (row) => (row.livebirthCount as number | null) ?? 0 },
  ],
  gynecase: [
    { title: 'Gyne Organ', key: 'gyneOrgan', render: coded(CODE_TABLES.gyneOrgan, 'gyneOrgan') },
    { title: 'Organ Condition', key: 'organCondition', render: coded(CODE_TABLES.tumorClass, 'organCondition') },
  ],
  maternalmortalitycase: [
    { title: 'Antecedent Cause', key: 'antecedentCause', render: coded(MATERNAL_DEATH_CAUSES, 'antecedentCause') },
    // SPEC.md §2 names this column 'Immediate Case'.
    { title: 'Immediate Case', key: 'immediateCause', render: coded(CODE_TABLES.causeOfDeath, 'immediateCause') },
  ],
  gtdcase: [
    { title: 'GTD Diagnosis', key: 'gtdDiagnosis', render: coded(CODE_TABLES.gtdDiagnosis, 'gtdDiagnosis') },
    { title: 'GTD Complication', key: 'gtdComplication', render: coded(CODE_TABLES.gtdComplication, 'gtdComplication') },
  ],
};

const ALL = 'all';

/**
 * SPEC.md §2 Submissions, Cases tab: the closed cases waiting for a package, by case type, with
 * approval and Create Package. Approval is kept by the server; Create Package sends the approved
 * cases of the page, shows 'Packing...' while the build runs and its progress, then moves to
 * Census Packages.
 */
export function CasesTab({ caseType }: { caseType: SubmissionCaseType | null }) {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const permissions = useAppSelector(selectPermissions);
  const canApprove = hasAll(permissions, [PERMISSIONS.APPROVE_CASES]);
  const canCreate = hasAll(permissions, [PERMISSIONS.CREATE_PACKAGE]);
  const [offset, setOffset] = useState(0);
  const [building, setBuilding] = useState<string | null>(null);
  const query = useGetClosedCasesQuery({ caseType, offset });
  const [setApproval, approval] = useSetApprovalMutation();
  const [createPackage, creation] = useCreatePackageMutation();
  const progress = useGetPackageQuery(building ?? '', { skip: !building, pollingInterval: 700 });

  useEffect(() => setOffset(0), [caseType]);

  // A ticked box shows at once; the server's answer (the refetched list) then takes over.
  const [pending, setPending] = useState<Record<string, boolean>>({});
  useEffect(() => setPending({}), [query.data]);
  const rows = useMemo(
    () => ((query.data?.result ?? []) as Row[]).map((row) => (row._id in pending ? { ...row, approved: pending[row._id] } : row)),
    [query.data, pending],
  );
  const approvedIds = rows.filter((row) => row.approved).map((row) => row._id);
  // Issue 31: each case's warnings and open queries beside its Approve box.
  const pageIds = useMemo(() => (query.data?.result ?? []).map((row) => row._id), [query.data]);
  const quality = useGetCaseQualityQuery(pageIds, { skip: pageIds.length === 0 });
  const qualityOf = (id: string) => quality.data?.result.find((q) => q._id === id);
  const allApproved = rows.length > 0 && approvedIds.length === rows.length;

  useEffect(() => {
    const pkg = progress.data;
    if (!building || !pkg || pkg.submissionId !== building || pkg.building) return;
    setBuilding(null);
    if (pkg.status === 'buildfailed') {
      toast.error(pkg.lastError ?? 'The package could not be built.');
      void query.refetch();
      return;
    }
    toast.success(TOASTS.packageCreated);
    void query.refetch();
    navigate(submissionPaths.census);
  }, [building, progress.data, navigate, query]);

  /**
   * The approval rule of libs, as the server runs it (issue 31): a case with an open query is refused
   * here and says why; one whose review fails a quality rule is approved only once the reviewer
   * confirms its warnings, a confirmation the server records with the approval.
   */
  const approvalFactsOf = (row: Row) => {
    const review = qualityOf(row._id);
    return {
      isClose: true, isArchived: false, inPackage: Boolean(row.submissionId),
      openQueryFields: review?.openQueryFields ?? [],
      qualityRules: [...new Set([...(review?.errors ?? []), ...(review?.warnings ?? [])].map((finding) => finding.rule))],
    };
  };
  const confirmApprove = (caseIds: string[], approved: boolean) => {
    if (!approved) {
      void approve(caseIds, approved);
      return;
    }
    const chosen = rows.filter((row) => caseIds.includes(row._id)).map((row) => ({ row, facts: approvalFactsOf(row) }));
    const refused = chosen.flatMap(({ row, facts }) => {
      const reason = approvalRefusal({ ...facts, warningsConfirmed: true });
      return reason ? [`Case ${row.caseNum} ${reason}`] : [];
    });
    if (refused.length > 0) {
      toast.error(refused.join('. '));
      return;
    }
    const warned = chosen.filter(({ facts }) => needsWarningsConfirmation(facts));
    if (warned.length === 0) {
      void approve(caseIds, approved);
      return;
    }
    modal.confirm({
      title: warned.length === 1 ? 'This case has data-quality warnings' : `${warned.length} of these cases have data-quality warnings`,
      content: (
        <>
          <ul className="pnss-quality-list" aria-label="Warnings to confirm">
            {warned.map(({ row, facts }) => (
              <li key={row._id}>Case {row.caseNum}: {facts.qualityRules.map(qualityRuleTitle).join('; ')}</li>
            ))}
          </ul>
          <Typography.Paragraph>Approve anyway? Your confirmation is recorded with the approval.</Typography.Paragraph>
        </>
      ),
      okText: 'Approve',
      onOk: () => approve(caseIds, approved, true),
    });
  };

  const approve = async (caseIds: string[], approved: boolean, warningsConfirmed = false) => {
    if (caseIds.length === 0) return;
    setPending((current) => ({ ...current, ...Object.fromEntries(caseIds.map((id) => [id, approved])) }));
    try {
      await setApproval(warningsConfirmed ? { caseIds, approved, warningsConfirmed } : { caseIds, approved }).unwrap();
    } catch (error) {
      setPending({});
      toast.error(describeError(error).message ?? 'The approval could not be saved.');
    }
    void quality.refetch();
  };

  const create = async () => {
    if (building) {
      toast.error(MESSAGES.stillProcessingPackage);
      return;
    }
    if (approvedIds.length === 0) {
      toast.error(MESSAGES.noSelectedCases);
      return;
    }
    toast.info(TOASTS.buildingPackage);
    try {
      const pkg = await createPackage({ selectedCases: approvedIds }).unwrap();
      setBuilding(pkg.submissionId);
    } catch (error) {
      const message = describeError(error).message;
      if (message) toast.error(message);
    }
  };

  const typeColumns = caseType ? TYPE_COLUMNS[caseType] : [];
  const columns: ColumnsType<Row> = [
    {
      title: 'Case No', dataIndex: 'caseNum', key: 'caseNum',
      render: (value: string, row: Row) => (
        <Space orientation="vertical" size={2}>
          <Typography.Text strong>{value}</Typography.Text>
          {row.correction ? <Alert type="warning" showIcon title={row.correction} style={{ maxWidth: 320 }} /> : null}
        </Space>
      ),
    },
    ...(caseType === 'maternalfetalcase' || caseType === null
      ? [{ title: 'Patient', key: 'patient', render: (_: unknown, row: Row) => <PatientCell patient={row.patientid} /> }]
      : []),
    { title: 'Admission Date', dataIndex: 'admissionDate', key: 'admissionDate', render: formatDate },
    { title: 'Discharge Date', dataIndex: 'dischargeDate', key: 'dischargeDate', render: formatDate },
    ...typeColumns.map((column) => ({ title: column.title, key: column.key, render: (_: unknown, row: Row) => column.render(row) })),
    { title: 'Quality', key: 'quality', render: (_: unknown, row: Row) => <CaseQualityCell quality={qualityOf(row._id)} /> },
    {
      key: 'approve',
      align: 'center',
      // Always in view: at 1366 px the type's columns pushed it behind the sideways scroll (issue 25 item 9).
      fixed: 'right',
      title: (
        <Checkbox
          checked={allApproved}
          indeterminate={approvedIds.length > 0 && !allApproved}
          disabled={!canApprove || rows.length === 0 || approval.isLoading}
          onChange={(event) => confirmApprove(rows.map((row) => row._id), event.target.checked)}
          aria-label="Approve all cases on this page"
        >
          {caseType === 'maternalfetalcase' ? 'Approved' : 'Approve'}
        </Checkbox>
      ),
      render: (_: unknown, row: Row) => (
        <span onClick={(event) => event.stopPropagation()}>
          <Checkbox
            checked={row.approved === true}
            disabled={!canApprove || approval.isLoading}
            onChange={(event) => confirmApprove([row._id], event.target.checked)}
            aria-label={`Approve case ${row.caseNum}`}
          />
        </span>
      ),
    },
  ];

  const packing = Boolean(building) || creation.isLoading;
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
          <Button type="primary" onClick={() => void create()} loading={packing}>
            {packing ? 'Packing...' : 'Create Package'}
          </Button>
        ) : null}
      </div>
      {building ? (
        <div role="status" aria-label="Package build" className="pnss-build-progress">
          <Typography.Text>Building package {building}</Typography.Text>
          <Progress percent={progress.data?.progress ?? 0} size="small" />
        </div>
      ) : null}
      {query.isError ? (
        <LoadError error={query.error} title="The closed cases could not be loaded." onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Table<Row>
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
