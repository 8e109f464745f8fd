import { useRef } from 'react';
import { Avatar, Button, Form, Space, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { PHOTO_TYPES, photoFileProblem, photoProblem } from '@pnss/libs/validation';

interface PhotoFieldProps {
  /** Set by Form.Item: the photo as a data URL, or null. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  /** Shown in the avatar while there is no photo. */
  initials: string;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * Add Photo: a PNG, JPEG or WebP image of at most 200 KB, read here as a data URL and stored
 * with the user. A file of another type or size is refused with the rule's message before it is
 * read, and its bytes are checked once read; the server checks all of this again.
 */
export function PhotoField({ value, onChange, id, initials }: PhotoFieldProps) {
  const form = Form.useFormInstance();
  const input = useRef<HTMLInputElement>(null);

  const refuse = (message: string) => form.setFields([{ name: 'photo', errors: [message] }]);

  const choose = async (file: File) => {
    const fileProblem = photoFileProblem(file);
    if (fileProblem) return refuse(fileProblem);
    let dataUrl: string;
    try {
      dataUrl = await readAsDataUrl(file);
    } catch {
      return refuse('The photo could not be read. Choose another file.');
    }
    const contentProblem = photoProblem(dataUrl);
    if (contentProblem) return refuse(contentProblem);
    onChange?.(dataUrl);
    form.setFields([{ name: 'photo', errors: [] }]);
  };

  return (
    <Space align="center" wrap>
      <Avatar size={64} src={value || undefined} alt={value ? 'The chosen photo' : ''} style={{ backgroundColor: value ? undefined : '#f3dde3', color: '#8a1538', fontWeight: 600 }}>
        {initials}
      </Avatar>
      <input
        ref={input}
        id={id}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        aria-label="Add Photo"
        // The button below is the control; the input only opens the browser's file dialog.
        style={{ display: 'none' }}
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again after a refusal is noticed.
          event.target.value = '';
          if (file) void choose(file);
        }}
      />
      <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
        {value ? 'Change Photo' : 'Add Photo'}
      </Button>
      {value ? (
        <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
          Remove Photo
        </Button>
      ) : null}
      <Typography.Text type="secondary">PNG, JPEG or WebP, up to 200 KB</Typography.Text>
    </Space>
  );
}
