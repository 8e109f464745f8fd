import { useState } from 'react';
import { Button, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { NationalExportQuery, NationalExportTable } from '@pnss/libs/api';
import { toast, useAccess } from '@pnss/web';
import { downloadNationalExport } from '../api/national.api.js';

export interface ExportButtonsProps {
  table: NationalExportTable;
  /** The table's name in words, for the buttons' accessible names. */
  name: string;
  query: Omit<NationalExportQuery, 'format'>;
}

/** CSV and XLSX of one national table, for holders of export_national; the server suppresses every export. */
export function ExportButtons({ table, name, query }: ExportButtonsProps) {
  const { canExportNational } = useAccess();
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  if (!canExportNational) return null;
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    try {
      toast.success(`Exported ${await downloadNationalExport(table, { ...query, format })}`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Export failed');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space size={4}>
      <Button size="small" icon={<DownloadOutlined />} loading={busy === 'csv'} aria-label={`Export ${name} as CSV`} onClick={() => void run('csv')}>
        CSV
      </Button>
      <Button size="small" icon={<DownloadOutlined />} loading={busy === 'xlsx'} aria-label={`Export ${name} as XLSX`} onClick={() => void run('xlsx')}>
        XLSX
      </Button>
    </Space>
  );
}
