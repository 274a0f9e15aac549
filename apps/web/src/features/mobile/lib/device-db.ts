/**
 * The courier's device database (IndexedDB `po-mobile`): the outbox of sent jobs the server has not
 * confirmed (`outbox.ts`) and the photos of each flow's unsent job (`held-photos.ts`). Both survive a
 * reload, a closed tab and a lost network.
 */
const DB_NAME = 'po-mobile';
/** 1: the outbox; 2: the held photos */
const VERSION = 2;
export const STORES = { outbox: 'outbox', photos: 'photos' } as const;
type StoreName = (typeof STORES)[keyof typeof STORES];
const KEYS: Record<StoreName, string> = { outbox: 'JobId', photos: 'flow' };

let opening: Promise<IDBDatabase> | null = null;
function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      opening = null;
      reject(new Error('IndexedDB is not available'));
      return;
    }
    const req = indexedDB.open(DB_NAME, VERSION);
    req.onupgradeneeded = () => {
      for (const [store, keyPath] of Object.entries(KEYS))
        if (!req.result.objectStoreNames.contains(store)) req.result.createObjectStore(store, { keyPath });
    };
    req.onsuccess = () => {
      // another tab of a newer version asks for the database: let it, and open again next time
      req.result.onversionchange = () => {
        req.result.close();
        opening = null;
      };
      resolve(req.result);
    };
    req.onerror = () => {
      opening = null;
      reject(req.error ?? new Error('indexedDB'));
    };
  });
  return opening;
}

/** Runs one request on a store in its own transaction; resolves with its result once the transaction is done. */
export function runStore<T>(
  store: StoreName,
  mode: IDBTransactionMode,
  fn: (s: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(store, mode);
        const req = fn(tx.objectStore(store));
        tx.oncomplete = () => resolve(req.result);
        tx.onerror = () => reject(tx.error ?? new Error('indexedDB'));
        tx.onabort = () => reject(tx.error ?? new Error('indexedDB'));
      }),
  );
}
