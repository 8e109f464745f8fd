import { Alert, Button, Checkbox, Flex, Form, Input, Result, Skeleton, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, CloseOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useNavigate, useParams } from 'react-router-dom';
import { TOASTS } from '@pnss/libs/validation';
import { DateInput, describeError, showError, toast, useAccess, casePaths } from '@pnss/web';
import { useCreateCaseInfoMutation, useGetCaseInfoQuery, useUpdateCaseInfoMutation, type CaseInfoView } from '../../api/cases.api.js';
import { LoadError } from '@pnss/web';
import { useDuplicatePatientCheck } from '../../components/duplicate-patients.js';
import { useScreen } from '../../components/use-screen.js';
import { fromIsoDate } from '../../format/display.js';
import { asksPediatricConfirmation } from '../patient-form/patient-form-rules.js';
import { EMPTY_CASE_INFO, caseInfoRule, toCaseInfoPayload, type CaseInfoFormValues } from './case-info-rules.js';

function formValuesOf(info: CaseInfoView): CaseInfoFormValues {
  return { caseNum: info.caseNum, birthDate: fromIsoDate(info.birthDate), pediatricConfirmed: info.pediatricConfirmed };
}

interface CaseInfoFormProps {
  initialValues: CaseInfoFormValues;
  /** New Case makes the patient too: their name is asked, so no case makes an 'Unnamed patient'. */
  newPatient: boolean;
  readOnly: boolean;
  saving: boolean;
  onSave: (values: CaseInfoFormValues, form: ReturnType<typeof Form.useForm<CaseInfoFormValues>>[0]) => void;
  onBack: () => void;
}

function CaseInfoForm({ initialValues, newPatient, readOnly, saving, onSave, onBack }: CaseInfoFormProps) {
  const [form] = Form.useForm<CaseInfoFormValues>();
  const birthDate = Form.useWatch('birthDate', form) as Dayjs | null | undefined;
  return (
    <Form<CaseInfoFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      disabled={readOnly}
      onFinish={(values) => onSave({ ...form.getFieldsValue(true), ...values }, form)}
      style={{ maxWidth: 480 }}
    >
      <Form.Item name="caseNum" label="Case Number" required rules={[caseInfoRule('caseNum')]} extra="The PCRN number of the case.">
        <Input autoComplete="off" maxLength={50} />
      </Form.Item>
      {newPatient ? (
        <>
          <Form.Item name="firstName" label="First Name" required rules={[caseInfoRule('firstName', true)]}>
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          <Form.Item name="middleName" label="Middle Name" rules={[caseInfoRule('middleName', true)]}>
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          {/* libs patientNameErrors: the New Patient screen's rule, the last name optional (issue 25 item 13). */}
          <Form.Item name="lastName" label="Last Name" rules={[caseInfoRule('lastName', true)]}>
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
        </>
      ) : null}
      <Form.Item name="birthDate" label="Birth Date" extra="The patient's date of birth: MM/DD/YYYY, M/D/YYYY or MMM D YYYY">
        <DateInput placeholder="MM/DD/YYYY" style={{ width: '100%' }} disabledDate={(day: Dayjs) => day.isAfter(new Date(), 'day')} />
      </Form.Item>
      {asksPediatricConfirmation(birthDate) ? (
        <Form.Item
          name="pediatricConfirmed"
          valuePropName="checked"
          dependencies={['birthDate']}
          rules={[caseInfoRule('pediatricConfirmed')]}
        >
          <Checkbox>This patient is a pediatric case (under 19 years old)</Checkbox>
        </Form.Item>
      ) : null}
      <Flex gap={8} justify="space-between">
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack} disabled={false}>
          Back
        </Button>
        {readOnly ? null : (
          <Button type="primary" htmlType="submit" loading={saving}>
            Save
          </Button>
        )}
      </Flex>
    </Form>
  );
}

/**
 * SPEC.md §2 Case information screen: 'New Case' (#/newpatientcase) makes the patient and the case
 * and goes on to the case form; 'Edit Case' (#/cases/:caseid/info) returns to the cases list.
 */
export function CaseInfoPage() {
  const { caseid } = useParams();
  const editing = Boolean(caseid);
  const navigate = useNavigate();
  const access = useAccess();
  const screen = useScreen();
  const info = useGetCaseInfoQuery(caseid ?? '', { skip: !editing });
  const [createCaseInfo, createState] = useCreateCaseInfoMutation();
  const [updateCaseInfo, updateState] = useUpdateCaseInfoMutation();
  const title = editing ? 'Edit Case' : 'New Case';
  const toCases = () => navigate(casePaths.cases);
  const checkDuplicates = useDuplicatePatientCheck();

  const save = async (values: CaseInfoFormValues, form: Parameters<CaseInfoFormProps['onSave']>[1]) => {
    const payload = toCaseInfoPayload(values, !editing);
    if (editing && caseid) {
      const result = await updateCaseInfo({ ...payload, caseid, patientid: info.currentData?.patientid, version: info.currentData?.version });
      if (result.error) {
        showError(result.error, form);
        return;
      }
      toast.success(TOASTS.caseUpdated);
      navigate(casePaths.cases);
      return;
    }
    if (!(await checkDuplicates({ firstName: payload.firstName, lastName: payload.lastName, birthDate: payload.birthDate }))) return;
    const result = await createCaseInfo(payload);
    if (result.error) {
      showError(result.error, form);
      return;
    }
    toast.success(TOASTS.caseAdded);
    navigate(casePaths.caseForm(result.data.patientid, result.data.caseid));
  };

  const allowed = editing ? access.canEditCase : access.canCreateCase && access.canSavePatient;
  let body;
  if (!allowed) {
    body = <Result status="403" title={`You do not have permission to ${editing ? 'edit cases' : 'add cases'}.`} />;
  } else if (editing && info.isError) {
    body =
      describeError(info.error).status === 404 ? (
        <Result status="404" title="Case not found" extra={<Button onClick={toCases}>Back to Cases</Button>} />
      ) : (
        <LoadError error={info.error} title="The case could not be loaded." onRetry={() => void info.refetch()} />
      );
  } else if (editing && !info.currentData) {
    body = <Skeleton active paragraph={{ rows: 4 }} />;
  } else {
    const closed = info.currentData?.isClose === true;
    body = (
      <>
        {closed ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16, maxWidth: 480 }}
            title="This case is closed and can no longer be edited. Reopen it to make changes."
          />
        ) : null}
        <CaseInfoForm
          key={info.currentData?._id ?? 'new'}
          initialValues={info.currentData ? formValuesOf(info.currentData) : EMPTY_CASE_INFO}
          newPatient={!editing}
          readOnly={closed}
          saving={createState.isLoading || updateState.isLoading}
          onSave={(values, form) => void save(values, form)}
          onBack={toCases}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="case-info-title" className="pnss-cases-panel" style={{ padding: screen === 'mobile' ? 12 : 24, maxWidth: 960 }}>
      <Flex align="center" gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={2} id="case-info-title" className="pnss-cases-title" style={{ flex: 1 }}>
          {title}
        </Typography.Title>
        <Tooltip title="Close">
          <Button type="text" icon={<CloseOutlined aria-hidden />} aria-label="Close" onClick={toCases} />
        </Tooltip>
      </Flex>
      {body}
    </section>
  );
}
