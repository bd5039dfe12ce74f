import Papa from 'papaparse';

/** A CSV answer read back as rows of cells (the header row first), by papaparse. */
export function readCsv(text: string): string[][] {
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
}

/** A CSV answer read back as records keyed by the header row. */
export function readCsvRecords(text: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
}
