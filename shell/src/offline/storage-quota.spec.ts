import { STORAGE_WARNING_SHARE, storageWarning } from './storage-quota.js';

describe("the storage quota warning (issue 32: a queue nearing the browser's storage quota warns the user before it refuses more)", () => {
  it('says nothing below the share, or when the browser cannot tell', () => {
    expect(storageWarning(null)).toBeNull();
    expect(storageWarning({})).toBeNull();
    expect(storageWarning({ usage: 10, quota: 0 })).toBeNull();
    expect(storageWarning({ usage: STORAGE_WARNING_SHARE * 1000 - 1, quota: 1000 })).toBeNull();
  });

  it('from 80% of the quota on, says how full the storage is and what to do, in words', () => {
    expect(storageWarning({ usage: 850, quota: 1000 })).toBe(
      'Storage on this device is 85% full. Connect to send the waiting changes: once it is full, no more changes can be kept on this device.',
    );
    expect(storageWarning({ usage: 1200, quota: 1000 })).toMatch(/^Storage on this device is 100% full\./);
  });
});
