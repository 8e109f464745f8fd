import { Typography } from 'antd';

/** SPEC.md §2 Patients list. */
export function PatientsPage() {
  return (
    <section aria-labelledby="patients-title">
      <Typography.Title level={2} id="patients-title">
        Patients
      </Typography.Title>
    </section>
  );
}
