import { Result } from 'antd';

export interface NotPermittedProps {
  /** 'You do not have permission to open Admin.' */
  title: string;
  /** What the page is for and whom to ask. */
  subTitle: string;
}

/**
 * The one page a module shows a signed-in user whose role opens none of it (opened by its address,
 * or by a link): why, and whom to ask, instead of each tab and filter failing with its own 403 and
 * a Retry that cannot help. The server refuses the calls as well.
 */
export function NotPermitted({ title, subTitle }: NotPermittedProps) {
  return <Result status="403" title={title} subTitle={subTitle} />;
}
