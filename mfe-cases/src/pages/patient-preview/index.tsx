import { Button, Flex, Result, Skeleton, Tooltip, Typography } from 'antd';
import { CloseOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router-dom';
import { describeError, useAccess, casePaths } from '@pnss/web';
import type { CaseForm } from '@pnss/libs/api';
import { useGetPatientQuery } from '../../api/patients.api.js';
import { useGetPatientCasesQuery } from '../../api/cases.api.js';
import { PatientAvatar } from '../../components/patient-avatar.js';
import { LoadError } from '@pnss/web';
import { ListEmpty } from '@pnss/web';
import { ageLabel, ageToday, formatDate, fullName } from '../../format/display.js';
import { CaseCard } from './case-card.js';
import { useCaseStateChange } from '../../components/case-state/use-case-state-change.js';
import { useRefetchOnReturn } from '../../components/use-refetch-on-return.js';

/**
 * SPEC.md §2 Patient preview (#/patients/:patientid): the patient, with edit and close, an Add
 * Case button, and one card per case.
 */
export function PatientPreviewPage() {
  const { patientid = '' } = useParams();
  const navigate = useNavigate();
  const access = useAccess();
  const patient = useGetPatientQuery(patientid, { skip: !patientid });
  // The status of each case follows the server (issue 25 item 3): read again on every opening of the
  // preview and when the user comes back to the window, so a case packaged meanwhile shows 'Submitted'.
  const cases = useGetPatientCasesQuery(patientid, { skip: !patientid || !access.canListCases, refetchOnMountOrArgChange: true });
  useRefetchOnReturn(cases.refetch, Boolean(patientid) && access.canListCases);
  const stateChange = useCaseStateChange();
  const target = (form: CaseForm) => ({ patientid: form.patientid, caseid: form._id ?? '', caseNum: form.caseNum, version: form.version });
  const close = () => navigate(casePaths.patients);

  const closeButton = (
    <Tooltip title="Close">
      <Button type="text" icon={<CloseOutlined aria-hidden />} aria-label="Close preview" onClick={close} />
    </Tooltip>
  );

  if (patient.isError) {
    const notFound = describeError(patient.error).status === 404;
    return (
      <section aria-label="Patient preview" style={{ padding: 16 }}>
        <Flex justify="flex-end">{closeButton}</Flex>
        {notFound ? (
          <Result status="404" title="Patient not found" subTitle="This patient does not exist, or the link is wrong." />
        ) : (
          <LoadError error={patient.error} title="The patient could not be loaded." onRetry={() => void patient.refetch()} />
        )}
      </section>
    );
  }

  const data = patient.currentData;
  const birth = data ? formatDate(data.birthDate) : '';
  const caseList = cases.currentData ?? [];

  return (
    <section aria-labelledby="patient-preview-title" style={{ padding: 16 }}>
      <Flex align="flex-start" gap={12}>
        {data ? <PatientAvatar patient={data} size={56} /> : <Skeleton.Avatar active size={56} />}
        <div style={{ flex: 1, minWidth: 0 }}>
          {data ? (
            <>
              <Typography.Title level={3} id="patient-preview-title" className="pnss-cases-preview-name" style={{ margin: 0, fontSize: 20 }}>
                {fullName(data)}
              </Typography.Title>
              <Typography.Text className="pnss-quiet-text">
                {birth ? `DOB ${birth}` : 'No date of birth'} · {ageLabel(ageToday(data.birthDate))}
              </Typography.Text>
            </>
          ) : (
            <Skeleton active title paragraph={{ rows: 1 }} aria-label="Loading patient" />
          )}
        </div>
        <Flex gap={4}>
          {access.canEditPatient ? (
            <Tooltip title="Edit patient">
              <Button
                type="text"
                icon={<EditOutlined aria-hidden />}
                aria-label="Edit patient"
                disabled={!data}
                onClick={() => navigate(casePaths.patientEdit(patientid))}
              />
            </Tooltip>
          ) : null}
          {closeButton}
        </Flex>
      </Flex>

      <Flex align="center" justify="space-between" style={{ margin: '20px 0 12px' }}>
        <Typography.Title level={4} style={{ margin: 0, fontSize: 16 }}>
          Cases{cases.currentData ? ` (${caseList.length})` : ''}
        </Typography.Title>
        {access.canCreateCase ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(casePaths.newCase(patientid))}>
            Add Case
          </Button>
        ) : null}
      </Flex>

      {!access.canListCases ? (
        <Typography.Paragraph className="pnss-quiet-text">You do not have permission to see this patient&apos;s cases.</Typography.Paragraph>
      ) : cases.isError && !cases.currentData ? (
        <LoadError error={cases.error} title="The cases could not be loaded." onRetry={() => void cases.refetch()} />
      ) : !cases.currentData ? (
        <Skeleton active paragraph={{ rows: 4 }} aria-label="Loading cases" />
      ) : caseList.length === 0 ? (
        <ListEmpty title="This patient has no cases yet.">
          {access.canCreateCase ? 'Click Add Case to record the first one.' : null}
        </ListEmpty>
      ) : (
        <div aria-label="Patient cases" role="feed" aria-busy={cases.isFetching}>
          {caseList.map((form) => (
            <CaseCard key={form._id} form={form} onClose={(f) => void stateChange.close(target(f))} onReopen={(f) => void stateChange.reopen(target(f))} />
          ))}
        </div>
      )}
      {stateChange.dialogs}
    </section>
  );
}
