/** Where services report what an operator should see (the server's logger; silent when none is given). */
export interface ServiceLog {
  warn(details: object, message: string): void;
  /** What went as it should, worth a line (a job's end); loggers without it stay quiet. */
  info?(details: object, message: string): void;
}

export const SILENT_LOG: ServiceLog = { warn: () => {}, info: () => {} };
