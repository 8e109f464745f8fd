import { useState } from 'react';
import { Modal } from 'antd';
import { useAppDispatch } from '@pnss/web';
import { signOut } from './sign-out.js';

export const SIGN_OUT_QUESTION = 'Are you sure you want to sign out?';

/** SPEC.md §1: sign-out asks first; on Sign out the token is revoked and removed. */
export function SignOutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
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
    />
  );
}
