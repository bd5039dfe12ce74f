import type { Database } from '../../db/database.js';

export class InvoicesService {
  constructor(protected readonly db: Database) {}
}
