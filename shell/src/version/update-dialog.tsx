import { useEffect, useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import type { VersionStatus } from './use-version-status.js';

/** Remembers, per browser, which site version the dialog was shown for. */
export const UPDATE_DIALOG_SEEN_KEY = 'pnss.updateDialogSeen';

/** SPEC.md §1: a dialog titled 'Update Available' with a download button, shown once. */
export function UpdateDialog({ status }: { status: VersionStatus }) {
  const [open, setOpen] = useState(false);
  const { updateAvailable, siteVersion, currVersion, updateUrl } = status;

  useEffect(() => {
    if (!updateAvailable || !siteVersion) return;
    if (localStorage.getItem(UPDATE_DIALOG_SEEN_KEY) === siteVersion) return;
    localStorage.setItem(UPDATE_DIALOG_SEEN_KEY, siteVersion);
    setOpen(true);
  }, [updateAvailable, siteVersion]);

  const close = () => setOpen(false);
  return (
    <Modal
      open={open}
      title="Update Available"
      onCancel={close}
      footer={[
        <Button key="later" onClick={close}>
          Later
        </Button>,
        updateUrl ? (
          <Button key="download" type="primary" href={updateUrl} target="_blank" rel="noopener noreferrer" onClick={close}>
            Download
          </Button>
        ) : null,
      ]}
    >
      <Typography.Paragraph>
        PNSS {siteVersion} is available. This installation runs version {currVersion}.
      </Typography.Paragraph>
    </Modal>
  );
}
