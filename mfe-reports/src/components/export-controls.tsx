import { useState } from 'react';
import { Button, Flex } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@pnss/libs/permissions';
import type { ReportExportFormat } from '@pnss/libs/api';
import { selectPermissions, toast, useAppSelector } from '@pnss/web';
import { downloadExport, type ExportRequest } from '../api/reports.api.js';

export interface ExportControlsProps {
  /** What to export, without the format chosen here. */
  request: Omit<ExportRequest, 'format' | 'suppress'>;
  /** The report's one suppression control (SuppressionSwitch): the exports follow the screen. */
  suppress: boolean;
  /** Shown on the summary: opens the A4 print view. */
  onPrint?: () => void;
}

/** CSV and XLSX exports, suppressed as the screen is, for users who may export, and Print. */
export function ExportControls({ request, suppress, onPrint }: ExportControlsProps) {
  const permissions = useAppSelector(selectPermissions);
  const canExport = permissions.includes(PERMISSIONS.EXPORT_REPORTS);
  const [busy, setBusy] = useState<ReportExportFormat | null>(null);

  const run = async (format: ReportExportFormat) => {
    setBusy(format);
    try {
      const fileName = await downloadExport({ ...request, format, suppress });
      toast.success(`Exported ${fileName}`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Export failed');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Flex wrap gap={8} align="center" className="no-print">
      {canExport && (
        <>
          <Button icon={<DownloadOutlined />} loading={busy === 'csv'} onClick={() => void run('csv')}>
            Export CSV
          </Button>
          <Button icon={<DownloadOutlined />} loading={busy === 'xlsx'} onClick={() => void run('xlsx')}>
            Export XLSX
          </Button>
        </>
      )}
      {onPrint && (
        <Button icon={<PrinterOutlined />} onClick={onPrint}>
          Print
        </Button>
      )}
    </Flex>
  );
}
