/**
 * Where the demo server's API keys come from. The demo server runs in the visitor's own browser, so whatever
 * it stored would sit in browser storage: it stores no key at all. Each key is derived when it is needed, as
 * an HMAC of the key row's id and nonce under a secret that is a non-extractable WebCrypto key. In a browser
 * that secret is kept in IndexedDB (a CryptoKey object, which script can use but never read back), so a key
 * stays the same across reloads; elsewhere (unit tests, the live-build test server) it lives in memory.
 * Resetting a key gives its row a new nonce, hence a new key.
 */

export interface KeyVault {
  /** The API key of one key row. */
  keyFor(row: { id: string; nonce: string }): Promise<string>;
}

const HMAC: HmacKeyGenParams = { name: 'HMAC', hash: 'SHA-256' };
const KEY_HEX_LENGTH = 40;
const IDB_NAME = 'nanobanana.demo.vault';
const IDB_STORE = 'secrets';
const IDB_ENTRY = 'apiKeySecret';

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function newSecret(): Promise<CryptoKey> {
  return crypto.subtle.generateKey(HMAC, false, ['sign']);
}

function vaultOf(secret: () => Promise<CryptoKey>): KeyVault {
  return {
    async keyFor({ id, nonce }) {
      const signature = await crypto.subtle.sign('HMAC', await secret(), new TextEncoder().encode(`${id}.${nonce}`));
      return `nb_${toHex(signature).slice(0, KEY_HEX_LENGTH)}`;
    },
  };
}

/** A vault whose secret lasts as long as this object. */
export function memoryKeyVault(): KeyVault {
  let secret: Promise<CryptoKey> | null = null;
  return vaultOf(() => (secret ??= newSecret()));
}

function request<T>(operation: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    operation.onsuccess = () => resolve(operation.result);
    operation.onerror = () => reject(operation.error ?? new Error('IndexedDB request failed'));
  });
}

async function openVaultDb(): Promise<IDBDatabase> {
  const opening = indexedDB.open(IDB_NAME, 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore(IDB_STORE);
  return request(opening);
}

/**
 * The tab's secret from IndexedDB, made and kept on first use. Two tabs starting at once both try to add it:
 * `add` refuses the second, which then reads the first one's.
 */
async function storedSecret(): Promise<CryptoKey> {
  const db = await openVaultDb();
  try {
    const existing: unknown = await request(db.transaction(IDB_STORE, 'readonly').objectStore(IDB_STORE).get(IDB_ENTRY));
    if (existing instanceof CryptoKey) return existing;
    const made = await newSecret();
    try {
      await request(db.transaction(IDB_STORE, 'readwrite').objectStore(IDB_STORE).add(made, IDB_ENTRY));
      return made;
    } catch {
      const winner: unknown = await request(db.transaction(IDB_STORE, 'readonly').objectStore(IDB_STORE).get(IDB_ENTRY));
      if (winner instanceof CryptoKey) return winner;
      throw new Error('The demo key vault could not be stored');
    }
  } finally {
    db.close();
  }
}

/**
 * The browser's vault. Without IndexedDB (some private modes) the secret lives in memory: the demo still works,
 * and keys change on the next reload, like the rest of a forgetful demo.
 */
export function browserKeyVault(): KeyVault {
  let secret: Promise<CryptoKey> | null = null;
  return vaultOf(() => {
    secret ??= storedSecret().catch((error: unknown) => {
      console.warn('Demo mode keeps its key secret in memory only: IndexedDB is not available.', error);
      return newSecret();
    });
    return secret;
  });
}
