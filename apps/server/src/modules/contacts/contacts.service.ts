import type { Database } from '../../db/database.js';

export class ContactsService {
  constructor(protected readonly db: Database) {}
}
