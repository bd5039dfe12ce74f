/** Where services report what an operator should see (the server's logger; silent when none is given). */
export interface ServiceLog {
  warn(details: object, message: string): void;
}

export const SILENT_LOG: ServiceLog = { warn: () => {} };
