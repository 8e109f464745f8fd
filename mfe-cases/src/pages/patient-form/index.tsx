import { useState } from 'react';
import { Button, Checkbox, Flex, Form, Input, Result, Skeleton, Tabs, Tooltip, Typography } from 'antd';
import { CloseOutlined, EyeOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useNavigate, useParams } from 'react-router-dom';
import type { Patient } from '@pnss/libs/api';
import { MEDICAL_HISTORY, OBSTETRIC_HISTORY } from '@pnss/libs/lookups';
import { TOASTS } from '@pnss/libs/validation';
import { DateInput, PATIENT_SAVED_ON_DEVICE, describeError, isLocalId, showError, toast, useAccess, casePaths } from '@pnss/web';
import { useCreatePatientMutation, useGetPatientQuery, useUpdatePatientMutation } from '../../api/patients.api.js';
import { useGetPatientCasesQuery } from '../../api/cases.api.js';
import { LoadError } from '@pnss/web';
import { useDuplicatePatientCheck } from '../../components/duplicate-patients.js';
import { useScreen } from '../../components/use-screen.js';
import { fromIsoDate } from '../../format/display.js';
import { AvatarField } from './avatar-field.js';
import { PatientHistory } from './patient-history.js';
import {
  EMPTY_PATIENT_FORM, asksPediatricConfirmation, patientRule, toPatientPayload, type PatientFormValues,
} from './patient-form-rules.js';

export type PatientFormMode = 'new' | 'edit';

function formValuesOf(patient: Patient): PatientFormValues {
  return {
    firstName: patient.firstName ?? '',
    middleName: patient.middleName ?? '',
    lastName: patient.lastName ?? '',
    birthDate: fromIsoDate(patient.birthDate),
    pediatricConfirmed: patient.pediatricConfirmed,
    avatar: patient.avatar,
  };
}

interface PersonalInformationProps {
  initialValues: PatientFormValues;
  saving: boolean;
  onSave: (values: PatientFormValues, form: ReturnType<typeof Form.useForm<PatientFormValues>>[0]) => void;
  onCancel: () => void;
}

/** SPEC.md §2 New/Edit Patient: names, date of birth, pediatric confirmation, avatar or initials. */
function PersonalInformation({ initialValues, saving, onSave, onCancel }: PersonalInformationProps) {
  const [form] = Form.useForm<PatientFormValues>();
  const birthDate = Form.useWatch('birthDate', form) as Dayjs | null | undefined;
  const firstName = Form.useWatch('firstName', form) as string | undefined;
  const lastName = Form.useWatch('lastName', form) as string | undefined;
  const pediatric = asksPediatricConfirmation(birthDate);

  return (
    <Form<PatientFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => onSave({ ...form.getFieldsValue(true), ...values }, form)}
      scrollToFirstError
      style={{ maxWidth: 560 }}
    >
      <Form.Item name="avatar" label="Photo">
        <AvatarField person={{ firstName, lastName }} />
      </Form.Item>
      <Form.Item name="firstName" label="First Name" required rules={[patientRule('firstName')]}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="middleName" label="Middle Name" rules={[patientRule('middleName')]}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      {/* libs patientNameErrors, as on Cases › Add: the last name is optional (issue 25 item 13). */}
      <Form.Item name="lastName" label="Last Name" rules={[patientRule('lastName')]}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="birthDate"
        label="Date of Birth"
        required
        rules={[patientRule('birthDate')]}
        extra="MM/DD/YYYY, M/D/YYYY or MMM D YYYY"
      >
        <DateInput
          placeholder="MM/DD/YYYY"
          style={{ width: '100%' }}
          disabledDate={(day: Dayjs) => day.isAfter(new Date(), 'day')}
        />
      </Form.Item>
      {pediatric ? (
        <Form.Item
          name="pediatricConfirmed"
          valuePropName="checked"
          dependencies={['birthDate']}
          rules={[patientRule('pediatricConfirmed')]}
        >
          <Checkbox>This patient is a pediatric case (under 19 years old)</Checkbox>
        </Form.Item>
      ) : null}
      <Flex gap={8} justify="flex-end">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * SPEC.md §2 New Patient (#/newpatient) and Edit Patient (#/patients/:patientid/edit, also
 * /personalinformation). A new patient goes on to their new case; an edit returns to the list.
 */
export function PatientFormPage({ mode }: { mode: PatientFormMode }) {
  const { patientid = '' } = useParams();
  const editing = mode === 'edit';
  const navigate = useNavigate();
  const access = useAccess();
  const screen = useScreen();
  const [section, setSection] = useState('personal');
  const patient = useGetPatientQuery(patientid, { skip: !editing || !patientid });
  const cases = useGetPatientCasesQuery(patientid, { skip: !editing || !patientid || !access.canListCases });
  const [createPatient, createState] = useCreatePatientMutation();
  const [updatePatient, updateState] = useUpdatePatientMutation();
  const title = editing ? 'Edit Patient' : 'New Patient';
  const toList = () => navigate(casePaths.patients);
  const checkDuplicates = useDuplicatePatientCheck();

  const save = async (values: PatientFormValues, form: Parameters<PersonalInformationProps['onSave']>[1]) => {
    const payload = toPatientPayload(values);
    if (editing) {
      const result = await updatePatient({ ...payload, patientid, version: patient.currentData?.version });
      if (result.error) {
        showError(result.error, form);
        return;
      }
      toast.success(TOASTS.patientUpdated);
      navigate(casePaths.patients);
      return;
    }
    if (!(await checkDuplicates({ firstName: payload.firstName, lastName: payload.lastName, birthDate: payload.birthDate ?? null }))) return;
    const result = await createPatient(payload);
    if (result.error) {
      showError(result.error, form);
      return;
    }
    // Issue 32: with no connection the patient is kept on this device and waits to be sent.
    if (isLocalId(result.data._id)) toast.info(PATIENT_SAVED_ON_DEVICE);
    else toast.success(TOASTS.patientAdded);
    navigate(casePaths.newCase(result.data._id));
  };

  const header = (
    <Flex align="center" gap={8} wrap style={{ marginBottom: 16 }}>
      <Typography.Title level={2} id="patient-form-title" className="pnss-cases-title" style={{ flex: 1 }}>
        {title}
      </Typography.Title>
      {editing && access.canViewPatient ? (
        <Button icon={<EyeOutlined aria-hidden />} onClick={() => navigate(casePaths.patient(patientid))}>
          Preview
        </Button>
      ) : null}
      <Tooltip title="Close">
        <Button type="text" icon={<CloseOutlined aria-hidden />} aria-label="Close" onClick={toList} />
      </Tooltip>
    </Flex>
  );

  const allowed = editing ? access.canEditPatient : access.canSavePatient;
  let body;
  if (!allowed) {
    body = <Result status="403" title={`You do not have permission to ${editing ? 'edit patients' : 'add patients'}.`} />;
  } else if (editing && patient.isError) {
    body =
      describeError(patient.error).status === 404 ? (
        <Result status="404" title="Patient not found" extra={<Button onClick={toList}>Back to Patients</Button>} />
      ) : (
        <LoadError error={patient.error} title="The patient could not be loaded." onRetry={() => void patient.refetch()} />
      );
  } else if (editing && !patient.currentData) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else {
    const personal = (
      <PersonalInformation
        key={patient.currentData?._id ?? 'new'}
        initialValues={patient.currentData ? formValuesOf(patient.currentData) : EMPTY_PATIENT_FORM}
        saving={createState.isLoading || updateState.isLoading}
        onSave={(values, form) => void save(values, form)}
        onCancel={toList}
      />
    );
    body = editing ? (
      <Tabs
        activeKey={section}
        onChange={setSection}
        tabPlacement={screen === 'desktop' ? 'start' : 'top'}
        aria-label="Patient sections"
        items={[
          { key: 'personal', label: 'Personal Information', children: personal },
          {
            key: 'medical',
            label: 'Medical History',
            children: (
              <PatientHistory
                title="Medical History"
                recordedIn="Admission, Past Medical Conditions"
                list={MEDICAL_HISTORY}
                own={patient.currentData?.medicalHistory ?? []}
                cases={cases.currentData}
                pick={(form) => form.medicalHistory}
              />
            ),
          },
          {
            key: 'obstetric',
            label: 'Obstetric History',
            children: (
              <PatientHistory
                title="Obstetric History"
                recordedIn="Obstetric History"
                list={OBSTETRIC_HISTORY}
                own={patient.currentData?.obstetricHistory ?? []}
                cases={cases.currentData}
                pick={(form) => form.obstetricHistory}
              />
            ),
          },
        ]}
      />
    ) : (
      personal
    );
  }

  return (
    <section aria-labelledby="patient-form-title" className="pnss-cases-panel" style={{ padding: screen === 'mobile' ? 12 : 24, maxWidth: 960 }}>
      {header}
      {body}
    </section>
  );
}
