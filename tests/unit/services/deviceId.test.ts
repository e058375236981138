import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as DeviceIdModule from '../../../src/services/deviceId';

const fingerprint = vi.hoisted(() => ({ load: vi.fn(), hashComponents: vi.fn() }));
vi.mock('@fingerprintjs/fingerprintjs', () => fingerprint);

/** A fresh module per test: the identifier is memoised for the page's lifetime. */
async function freshModule(): Promise<typeof DeviceIdModule> {
  vi.resetModules();
  return import('../../../src/services/deviceId');
}

const components = { fonts: { value: ['Arial'], duration: 1 } };

beforeEach(() => {
  fingerprint.load.mockReset();
  fingerprint.hashComponents.mockReset();
});

describe('device identifier', () => {
  it('is the hash of the fingerprint components, known synchronously once computed', async () => {
    fingerprint.load.mockResolvedValue({ get: () => Promise.resolve({ components, visitorId: 'ignored' }) });
    fingerprint.hashComponents.mockReturnValue('hash-123');
    const { getDeviceId, initDeviceId } = await freshModule();

    expect(getDeviceId()).toBeUndefined();
    await expect(initDeviceId()).resolves.toBe('hash-123');
    expect(fingerprint.hashComponents).toHaveBeenCalledWith(components);
    expect(getDeviceId()).toBe('hash-123');
  });

  it('is computed once', async () => {
    fingerprint.load.mockResolvedValue({ get: () => Promise.resolve({ components }) });
    fingerprint.hashComponents.mockReturnValue('hash-123');
    const { initDeviceId } = await freshModule();
    const [first, second] = await Promise.all([initDeviceId(), initDeviceId()]);
    expect(first).toBe(second);
    await initDeviceId();
    expect(fingerprint.load).toHaveBeenCalledTimes(1);
  });

  it('falls back to GetUniqueIdError and logs when the fingerprint fails', async () => {
    fingerprint.load.mockResolvedValue({ get: () => Promise.reject(new Error('canvas blocked')) });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { getDeviceId, initDeviceId } = await freshModule();
    await expect(initDeviceId()).resolves.toBe('GetUniqueIdError');
    expect(getDeviceId()).toBe('GetUniqueIdError');
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('falls back to GetUniqueIdError and logs when the library cannot be loaded', async () => {
    vi.doMock('@fingerprintjs/fingerprintjs', () => {
      throw new Error('chunk failed to load');
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { initDeviceId } = await freshModule();
      await expect(initDeviceId()).resolves.toBe('GetUniqueIdError');
      expect(consoleError).toHaveBeenCalledTimes(1);
    } finally {
      vi.doMock('@fingerprintjs/fingerprintjs', () => fingerprint);
    }
  });
});
