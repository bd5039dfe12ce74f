import { openDB, type IDBPDatabase } from 'idb';
import type { OutboxEntry, OutboxPersistence } from './scan-outbox';

const DB_NAME = 'keystone-scan-outbox';
const STORE = 'entries';

/** The outbox's entries in IndexedDB (one object store keyed by scan id); in memory where IndexedDB is missing. */
export function indexedDbPersistence(name = DB_NAME): OutboxPersistence {
  if (typeof indexedDB === 'undefined') return memoryPersistence();
  let db: Promise<IDBPDatabase> | null = null;
  const open = () =>
    (db ??= openDB(name, 1, {
      upgrade(database) {
        database.createObjectStore(STORE, { keyPath: 'id' });
      },
    }));
  return {
    async all() {
      return ((await (await open()).getAll(STORE)) as OutboxEntry[]).sort((a, b) => a.seq - b.seq);
    },
    async put(entry) {
      await (await open()).put(STORE, entry);
    },
    async delete(id) {
      await (await open()).delete(STORE, id);
    },
  };
}

export function memoryPersistence(): OutboxPersistence {
  const entries = new Map<string, OutboxEntry>();
  return {
    all: async () => [...entries.values()].sort((a, b) => a.seq - b.seq),
    put: async (entry) => void entries.set(entry.id, entry),
    delete: async (id) => void entries.delete(id),
  };
}
