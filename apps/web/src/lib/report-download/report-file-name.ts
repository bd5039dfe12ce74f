/** 000 §7 "Report download": the file is saved as report-{MM-DD-YYYY}.csv, the local date of the download. */
export function reportFileName(now = new Date(), extension = 'csv'): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `report-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${now.getFullYear()}.${extension}`;
}
