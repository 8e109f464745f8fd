import { useState } from 'react';
import { Alert, Button, Form, Input, Select, Space } from 'antd';
import type { User } from '@pnss/libs/api';
import { ACCOUNT_MESSAGES, passwordProblem, usernameProblem } from '@pnss/libs/validation';
import { showError, toast } from '@pnss/web';
import { useRegisterUserMutation, useUpdateUserMutation, type UserUpdate } from '../../api/accounts.api.js';
import { useGetRoleNamesQuery } from '../../api/roles.api.js';
import { initials } from '../../format/user-display.js';
import { PhotoField } from './photo-field.js';

export const USER_TOASTS = {
  added: 'Successfully added new user!',
  updated: 'Successfully updated user information!',
} as const;

export interface UserFormValues {
  firstname: string;
  lastname: string;
  username: string;
  role?: string;
  photo: string | null;
  password?: string;
}

interface UserFormProps {
  /** The user being edited; none for Add User. */
  user?: User;
  /** After a save, with the toast shown. */
  onSaved: () => void;
}

const text = (value: string | undefined) => (value ?? '').trim();

/**
 * SPEC.md §2 Add/Edit User: First Name, Last Name, Username, Role (from GET /api/roles/names),
 * Add Photo and Password; on edit the password hides behind RESET PASSWORD/CANCEL. Unlike the
 * old app it validates, with the rules of @pnss/libs/validation that the server enforces too;
 * what only the server can tell (a taken user name, 409) lands on its field.
 */
export function UserForm({ user, onSaved }: UserFormProps) {
  const [form] = Form.useForm<UserFormValues>();
  const roleNames = useGetRoleNamesQuery();
  const [registerUser, registering] = useRegisterUserMutation();
  const [updateUser, updating] = useUpdateUserMutation();
  const [resetting, setResetting] = useState(false);
  const askPassword = !user || resetting;
  const firstname = Form.useWatch('firstname', form) ?? user?.firstname ?? '';
  const lastname = Form.useWatch('lastname', form) ?? user?.lastname ?? '';
  const username = Form.useWatch('username', form) ?? user?.username ?? '';

  const save = async (values: UserFormValues) => {
    const fields = {
      firstname: text(values.firstname),
      lastname: text(values.lastname),
      username: text(values.username),
      role: values.role ?? '',
    };
    try {
      if (user) {
        const body: UserUpdate = { userid: user._id, ...fields };
        // A photo travels only when it changed: it can be 200 KB.
        if ((values.photo ?? null) !== (user.photo ?? null)) body.photo = values.photo ?? null;
        if (resetting && values.password) body.password = values.password;
        await updateUser(body).unwrap();
        toast.success(USER_TOASTS.updated);
      } else {
        await registerUser({ ...fields, password: values.password ?? '', ...(values.photo ? { photo: values.photo } : {}) }).unwrap();
        toast.success(USER_TOASTS.added);
      }
      onSaved();
    } catch (error) {
      showError(error, form);
    }
  };

  return (
    <Form<UserFormValues>
      form={form}
      layout="vertical"
      requiredMark
      initialValues={{
        firstname: user?.firstname ?? '',
        lastname: user?.lastname ?? '',
        username: user?.username ?? '',
        role: user?.role,
        photo: user?.photo ?? null,
        password: '',
      }}
      onFinish={(values) => void save(values)}
      aria-label={user ? 'Edit User' : 'Add User'}
    >
      {user && !user.active ? (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="This user is deactivated and cannot sign in. Activate them from the users list." />
      ) : null}
      <Form.Item name="firstname" label="First Name" rules={[{ required: true, whitespace: true, message: ACCOUNT_MESSAGES.firstNameRequired }, { max: 100, message: 'First name must be at most 100 characters' }]}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="lastname" label="Last Name" rules={[{ required: true, whitespace: true, message: ACCOUNT_MESSAGES.lastNameRequired }, { max: 100, message: 'Last name must be at most 100 characters' }]}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="username"
        label="Username"
        required
        rules={[{ validator: async (_rule, value: string | undefined) => {
          const problem = usernameProblem(value ?? '');
          if (problem) throw new Error(problem);
        } }]}
      >
        <Input autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={64} />
      </Form.Item>
      <Form.Item name="role" label="Role" rules={[{ required: true, message: ACCOUNT_MESSAGES.roleRequired }]}>
        <Select
          placeholder="Choose a role"
          loading={roleNames.isLoading}
          options={roleNames.data?.map((role) => ({ value: role.name, label: role.label }))}
          notFoundContent={roleNames.isError ? 'The roles could not be loaded.' : undefined}
        />
      </Form.Item>
      <Form.Item name="photo" label="Photo">
        <PhotoField initials={initials({ firstname, lastname, username: username || '?' })} />
      </Form.Item>
      {askPassword ? (
        <Form.Item
          label="Password"
          required
          extra="At least 12 characters, and not the user name."
        >
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="password"
              noStyle
              dependencies={['username']}
              rules={[{ validator: async (_rule, value: string | undefined) => {
                if (!value) throw new Error(ACCOUNT_MESSAGES.passwordRequired);
                const problem = passwordProblem(value, form.getFieldValue('username') ?? '');
                if (problem) throw new Error(problem);
              } }]}
            >
              <Input.Password aria-label="Password" autoComplete="new-password" />
            </Form.Item>
            {user ? (
              <Button
                onClick={() => {
                  setResetting(false);
                  form.setFields([{ name: 'password', value: '', errors: [] }]);
                }}
              >
                CANCEL
              </Button>
            ) : null}
          </Space.Compact>
        </Form.Item>
      ) : (
        <Form.Item label="Password">
          <Button onClick={() => setResetting(true)}>RESET PASSWORD</Button>
        </Form.Item>
      )}
      {/* The dialog's own close button and Escape cancel; CANCEL here belongs to RESET PASSWORD. */}
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button type="primary" htmlType="submit" loading={registering.isLoading || updating.isLoading}>
          Save
        </Button>
      </Space>
    </Form>
  );
}
