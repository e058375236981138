/**
 * The device identifier sent as `uniqueId`: a hash of the browser fingerprint's components (docs/product.md,
 * "Device identifier"). The fingerprint library is heavy, so it is loaded on first use and computed once.
 */

/** The fixed literal for "could not be computed"; the API still gets a value. */
export const DEVICE_ID_FAILURE = 'GetUniqueIdError';

let known: string | undefined;
let pending: Promise<string> | undefined;

/** Whatever is known right now: undefined until `initDeviceId` has settled. */
export function getDeviceId(): string | undefined {
  return known;
}

async function computeDeviceId(): Promise<string> {
  try {
    const { load, hashComponents } = await import('@fingerprintjs/fingerprintjs');
    // `monitoring` (on by default) sends a sampled usage ping to the vendor's CDN: a third-party request the
    // product does not name, and a privacy leak.
    const agent = await load({ monitoring: false });
    const result = await agent.get();
    return hashComponents(result.components);
  } catch (error) {
    console.error('Could not compute the device identifier', error);
    return DEVICE_ID_FAILURE;
  }
}

/** Computes the identifier once; later calls share the same answer. Never rejects. */
export function initDeviceId(): Promise<string> {
  pending ??= computeDeviceId().then((id) => {
    known = id;
    return id;
  });
  return pending;
}
