import { Input, Space, Table, Typography } from 'antd';
import type { CensusPackage } from '@pnss/libs/api';
import { PERMISSIONS, hasAll } from '@pnss/libs/permissions';
import { LoadError, selectPermissions, useAppSelector, submissionPaths } from '@pnss/web';
import { useNavigate } from 'react-router-dom';
import { Pager } from '../../components/pager.js';
import { censusColumns } from './census-columns.js';
import { useCensusActions } from './use-census-actions.js';
import { useCensusPackages } from './use-census-packages.js';

/**
 * SPEC.md §2 Submissions, Census tab: 'Search Submission ID' (500 ms), the packages paged with
 * Back/Next, status in capitals updated while a build or an upload runs, and per-row rebuild,
 * download and submit, hidden while Sending. A row opens the Create Submission overlay.
 * Up to 1023 px (SPEC.md §9 mobile and tablet) each row is a stacked card (submissions-styles), so Status and the buttons
 * are on screen without scrolling sideways. The list and its polling are `useCensusPackages`, the
 * rows' actions `useCensusActions`, the columns `censusColumns`.
 */
export function CensusTab() {
  const navigate = useNavigate();
  const permissions = useAppSelector(selectPermissions);
  const can = {
    rebuild: hasAll(permissions, [PERMISSIONS.REBUILD_PACKAGE]),
    download: hasAll(permissions, [PERMISSIONS.DOWNLOAD_PACKAGE]),
    submit: hasAll(permissions, [PERMISSIONS.SUBMIT_PACKAGE]),
  };
  const { search, onSearch, offset, setOffset, setSubmitting, query } = useCensusPackages();
  const actions = useCensusActions({ setSubmitting, onRebuilt: query.refetch });

  const items = query.data?.items ?? [];
  return (
    <section aria-label="Census packages">
      <div className="pnss-submissions-toolbar">
        <Input.Search
          placeholder="Search Submission ID"
          aria-label="Search Submission ID"
          allowClear
          onChange={(event) => onSearch(event.target.value)}
          onSearch={(value) => onSearch(value)}
          style={{ maxWidth: 320 }}
        />
      </div>
      {query.isError ? (
        <LoadError error={query.error} title="The census packages could not be loaded." onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Table<CensusPackage>
            className="pnss-census-table"
            rowKey="_id"
            columns={censusColumns(can, actions)}
            dataSource={items}
            loading={query.isLoading}
            pagination={false}
            scroll={{ x: 'max-content' }}
            onRow={(pkg) => ({ onClick: () => navigate(submissionPaths.censusPackage(pkg.submissionId)), style: { cursor: 'pointer' } })}
            locale={{
              emptyText: query.isLoading ? 'Loading census packages…' : search ? (
                `No census package matches '${search}'.`
              ) : (
                <Space orientation="vertical" size={2}>
                  <Typography.Text strong>No census packages yet.</Typography.Text>
                  <Typography.Text type="secondary">Approve closed cases on the Cases tab, then Create Package.</Typography.Text>
                </Space>
              ),
            }}
          />
          <Pager offset={offset} shown={items.length} total={query.data?.count ?? 0} onChange={setOffset} label="Census packages" />
        </>
      )}
    </section>
  );
}
