// The files the exports answer (CSV with a BOM, XLSX): the department's reports and the national census's exports.

/** A sheet of an export: its heading lines (what, range, rule, time) then its grid. */
export interface ExportSheet {
  name: string;
  heading: string[];
  header: string[];
  rows: string[][];
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

function csvField(value: string): string {
  // A leading = + - @ would be read as a formula by a spreadsheet: quote it with an apostrophe.
  const safe = /^[=+\-@]/.test(value) && !/^-$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(sheets: readonly ExportSheet[]): Buffer {
  const lines: string[] = [];
  sheets.forEach((sheet, index) => {
    if (index > 0) lines.push('');
    for (const line of sheet.heading) lines.push(csvField(line));
    lines.push(sheet.header.map(csvField).join(','));
    for (const row of sheet.rows) lines.push(row.map(csvField).join(','));
  });
  // A BOM so spreadsheet programs read UTF-8.
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function toXlsx(sheets: readonly ExportSheet[], exportedAt: Date): Promise<Buffer> {
  // Loaded when a first XLSX is asked for: exceljs is large, and loading it at start-up cost every
  // server start (and every API test file) about 0.4 s of CPU for an export most starts never make.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'PNSS';
  workbook.created = exportedAt;
  const used = new Set<string>();
  for (const sheet of sheets) {
    let name = sheet.name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet';
    for (let n = 2; used.has(name); n += 1) name = `${sheet.name.slice(0, 28)} ${n}`;
    used.add(name);
    const ws = workbook.addWorksheet(name);
    for (const line of sheet.heading) ws.addRow([line]);
    ws.getRow(1).font = { bold: true, size: 13 };
    ws.addRow([]);
    const header = ws.addRow(sheet.header);
    header.font = { bold: true };
    for (const row of sheet.rows) {
      // Counts go in as numbers, so a statistician can compute with them; '-', the suppression marks and percentages stay text.
      ws.addRow(row.map((cell, i) => (i > 0 && /^\d+$/.test(cell) ? Number(cell) : cell)));
    }
    ws.getRow(ws.rowCount).font = { bold: true };
    ws.getColumn(1).width = 44;
    for (let c = 2; c <= sheet.header.length; c += 1) ws.getColumn(c).width = 20;
  }
  const data = await workbook.xlsx.writeBuffer();
  return Buffer.from(data as ArrayBuffer);
}

export function exportName(base: string, from: string, to: string, format: 'csv' | 'xlsx'): string {
  return `${base}_${from}_${to}.${format}`.replace(/[^A-Za-z0-9_.-]/g, '_');
}

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
