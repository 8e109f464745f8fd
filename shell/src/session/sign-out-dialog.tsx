import { useState } from 'react';
import { Alert, Modal } from 'antd';
import { useAppDispatch } from '@pnss/web';
import { signOut } from './sign-out.js';

export const SIGN_OUT_QUESTION = 'Are you sure you want to sign out?';

/** Issue 32: what signing out does to the changes still waiting on this device. */
export function waitingChangesWarning(waiting: number): string {
  return waiting === 1
    ? '1 change made offline has not been sent yet. Signing out deletes it from this device.'
    : `${waiting} changes made offline have not been sent yet. Signing out deletes them from this device.`;
}

/**
 * SPEC.md §1: sign-out asks first; on Sign out the token is revoked and removed. With changes still
 * waiting (issue 32) it says how many and that signing out deletes them.
 */
export function SignOutDialog({ open, waiting = 0, onClose }: { open: boolean; waiting?: number; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [signingOut, setSigningOut] = useState(false);
  const confirm = async () => {
    setSigningOut(true);
    try {
      await signOut(dispatch);
    } finally {
      setSigningOut(false);
      onClose();
    }
  };
  return (
    <Modal
      open={open}
      title={SIGN_OUT_QUESTION}
      okText="Sign out"
      cancelText="Cancel"
      onOk={confirm}
      onCancel={onClose}
      confirmLoading={signingOut}
      width={400}
    >
      {waiting > 0 ? <Alert type="warning" showIcon title={waitingChangesWarning(waiting)} /> : null}
    </Modal>
  );
}
