import { Typography } from 'antd';

/** SPEC.md §2 Cases list. */
export function CasesPage() {
  return (
    <section aria-labelledby="cases-title">
      <Typography.Title level={2} id="cases-title">
        Cases
      </Typography.Title>
    </section>
  );
}
