import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import {
  clearLoginNotice,
  describeError,
  getLoginNotice,
  saveSession,
  startOfflineSession,
  sessionStarted,
  takeReturnTo,
  toast,
  useAppDispatch,
  useLoginMutation,
} from '@pnss/web';
import { APP_TITLE, type ShellConfig } from '../../config/shell-config.js';
import { AFTER_SIGN_IN_PATH } from '../../routing/route-registry.js';
import { SocietyLogo } from '../../layout/society-logo.js';

interface LoginValues {
  username: string;
  password: string;
}

/** How long sign-in waits for the offline key to be derived and kept before opening the app anyway. */
export const KEY_WAIT_MS = 10_000;

/** SPEC.md §2 Login: username, password and a Login button under the census title; no navigation. */
export function LoginPage({ config }: { config: ShellConfig }) {
  const dispatch = useAppDispatch();
  const [login, { isLoading }] = useLoginMutation();
  const [notice] = useState(getLoginNotice);
  const [keeping, setKeeping] = useState(false);
  const busy = isLoading || keeping;

  const submit = async ({ username, password }: LoginValues) => {
    const result = await login({ username: username.trim(), password });
    if ('error' in result) {
      const { message } = describeError(result.error, { sessionless: true });
      if (message) toast.error(message);
      return;
    }
    const { token, user } = result.data;
    // The offline store's key, from the password just typed (issue 32), is derived (PBKDF2 takes a
    // moment) and kept before the session is stored and the app opens: signed in always means the key
    // is kept, so a reload at any moment after sign-in reopens the queue. Deriving it while the first
    // screen loaded left a reload in that moment signed in without a key until the next sign-in. Where
    // the browser gives no IndexedDB the app works online only, and the header then never counts
    // waiting changes: nothing else to tell the user.
    setKeeping(true);
    // Bounded: a browser whose IndexedDB never answers (another tab holding it) still signs in, online only until it does.
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      startOfflineSession(user._id, password).catch(() => undefined),
      new Promise((resolve) => {
        timer = setTimeout(resolve, KEY_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    saveSession(token, user);
    clearLoginNotice();
    dispatch(sessionStarted(user));
    window.location.hash = takeReturnTo() ?? `#${AFTER_SIGN_IN_PATH}`;
    setKeeping(false);
  };

  return (
    <main className="pnss-login">
      <Card className="pnss-login-card">
        <header className="pnss-login-header">
          <SocietyLogo href={config.societyUrl} societyName={config.societyName} size={56} />
          <Typography.Title level={1} className="pnss-login-title">
            {APP_TITLE}
          </Typography.Title>
          <Typography.Text type="secondary">Sign in to record cases and prepare census packages.</Typography.Text>
        </header>
        {notice ? <Alert className="pnss-login-notice" type="warning" showIcon title={notice} /> : null}
        <Form<LoginValues> layout="vertical" requiredMark={false} onFinish={submit} disabled={busy}>
          <Form.Item label="Username" name="username" rules={[{ required: true, whitespace: true, message: 'Enter your username' }]}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Enter your password' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            Login
          </Button>
        </Form>
      </Card>
    </main>
  );
}
