import { Button, Drawer, Flex, Result } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate, useOutlet, useParams } from 'react-router-dom';
import { InfiniteList, useAccess, useAppDispatch, useAppSelector, casePaths } from '@pnss/web';
import { useRefetchWhenQueueSent } from '../../components/use-refetch-on-return.js';
import { useGetPatientsInfiniteQuery, type PatientListArgs } from '../../api/patients.api.js';
import { patientsFiltersChanged, selectPatientsList, type PatientsFilters as Filters } from '../../state/list-state.slice.js';
import { ListHeader } from '../../components/list-header.js';
import { useRememberedScroll } from '../../components/use-remembered-scroll.js';
import { useScreen } from '../../components/use-screen.js';
import { PatientsFilters } from './patients-filters.js';
import { PatientListItem } from './patient-list-item.js';
import { OnDeviceOnly } from '../../components/on-device-only.js';

export function toPatientArgs(filters: Filters): PatientListArgs {
  return {
    search: filters.search || undefined,
    tag: filters.tag,
    cases: filters.cases,
    fromdate: filters.fromdate ?? undefined,
    todate: filters.todate ?? undefined,
  };
}

function isFiltered(filters: Filters): boolean {
  return Boolean(filters.search || filters.fromdate || filters.todate || filters.tag !== 'allPatients' || filters.cases !== 'all');
}

/**
 * SPEC.md §2 Patients list, with the patient preview (#/patients/:patientid) as its child route:
 * beside the list on a desktop, over it on a tablet or a phone. The list stays mounted under the
 * preview, so it keeps its filters, its pages and its scroll position.
 */
export function PatientsPage() {
  const access = useAccess();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const screen = useScreen();
  const preview = useOutlet();
  const { patientid } = useParams();
  const state = useAppSelector(selectPatientsList);
  const { scrollY, ...filters } = state;

  const query = useGetPatientsInfiniteQuery(toPatientArgs(filters), { skip: !access.canListPatients });
  // Patients made offline become the server's rows once the queue is sent (issue 32).
  useRefetchWhenQueueSent(query.refetch, access.canListPatients);
  const pages = query.currentData?.pages;
  const count = pages?.[0]?.count;
  const countCapped = pages?.[0]?.countCapped === true;
  useRememberedScroll('patients', scrollY, Boolean(pages));

  const onFilters = (change: Partial<Filters>) => dispatch(patientsFiltersChanged(change));
  const closePreview = () => navigate(casePaths.patients);

  const list = (
    <section aria-labelledby="patients-title" style={{ flex: 1, minWidth: 0 }}>
      <ListHeader
        id="patients-title"
        title="Patients"
        count={count}
        more={countCapped}
        noun={count === 1 && !countCapped ? 'patient' : 'patients'}
        actions={
          access.canSavePatient ? (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} aria-label="Add patient" onClick={() => navigate(casePaths.newPatient)}>
              Add
            </Button>
          ) : null
        }
      />
      {access.canListPatients ? (
        <>
          <PatientsFilters filters={filters} onChange={onFilters} />
          <OnDeviceOnly kind="patients" />
          <div className="pnss-cases-panel" style={{ padding: '4px 8px' }}>
            <InfiniteList
              query={query}
              label="Patients"
              noun={count === 1 ? 'patient' : 'patients'}
              className="pnss-cases-list"
              itemKey={(patient) => patient._id}
              renderItem={(patient) => <PatientListItem patient={patient} selected={patient._id === patientid} />}
              emptyTitle={isFiltered(filters) ? 'No patients match these filters.' : 'No patients yet.'}
              emptyHint={isFiltered(filters) ? null : access.canSavePatient ? 'Click Add to register the first patient.' : null}
            />
          </div>
        </>
      ) : (
        <Result status="403" title="You do not have permission to see the patients list." />
      )}
    </section>
  );

  if (screen === 'desktop') {
    return (
      <Flex gap={16} align="flex-start">
        {list}
        {preview ? (
          <aside className="pnss-cases-panel pnss-cases-preview-aside" style={{ flex: '0 0 min(560px, 55%)' }}>
            {preview}
          </aside>
        ) : null}
      </Flex>
    );
  }
  return (
    <>
      {list}
      <Drawer
        open={Boolean(preview)}
        onClose={closePreview}
        aria-label="Patient preview"
        placement="right"
        size={screen === 'mobile' ? '100%' : 560}
        closable={false}
        title={null}
        styles={{ body: { padding: 0 } }}
      >
        {preview}
      </Drawer>
    </>
  );
}
