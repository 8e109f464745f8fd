import { memo } from 'react';
import { Button, Space, Tag } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useAccess } from '@pnss/web';
import { caseActions, caseStatus } from '@pnss/libs';
import { useCaseFormSelector } from '../state/case-form.context.js';
import type { CaseFormState } from '../state/case-form.store.js';
import type { CaseActionsApi } from '../hooks/use-case-actions.js';

const savedOf = (s: CaseFormState) => s.saved;
const caseNumOf = (s: CaseFormState) => s.form.caseNum;
const dirtyOf = (s: CaseFormState) => s.dirty;

/**
 * SPEC.md §2 title bar: 'Case # {number}' and Archive (not closed, not new, not archived),
 * Unarchive (archived), Save (hidden when closed), Close (not closed, not new, not archived),
 * Reopen (closed and not new), from the libs caseActions rule on the stored case.
 */
export const TitleBar = memo(function TitleBar({ actions, onLeave }: { actions: CaseActionsApi; onLeave: () => void }) {
  const saved = useCaseFormSelector(savedOf);
  const caseNum = useCaseFormSelector(caseNumOf);
  const dirty = useCaseFormSelector(dirtyOf);
  const access = useAccess();
  const shown = caseActions(saved);
  const busy = actions.busy;
  return (
    <div className="cf-titlebar" role="toolbar" aria-label="Case actions">
      <h2 className="cf-titlebar-title">Case # {caseNum}</h2>
      <Space size={4} wrap className="cf-titlebar-tags">
        {saved._id ? <Tag color={saved.isClose ? 'default' : 'green'}>{caseStatus(saved)}</Tag> : null}
        {saved.isArchived ? <Tag color="orange">Archived</Tag> : null}
        {dirty ? <Tag color="gold">Unsaved changes</Tag> : null}
      </Space>
      <Space size={8} wrap className="cf-titlebar-buttons">
        {shown.archive && access.canArchiveCase ? (
          <Button onClick={actions.archive} loading={busy === 'archive'} disabled={busy !== null}>
            Archive
          </Button>
        ) : null}
        {shown.unarchive && access.canArchiveCase ? (
          <Button onClick={actions.unarchive} loading={busy === 'unarchive'} disabled={busy !== null}>
            Unarchive
          </Button>
        ) : null}
        {shown.save && (saved._id ? access.canEditCase : access.canCreateCase) ? (
          <Button type="primary" onClick={actions.save} loading={busy === 'save'} disabled={busy !== null}>
            Save
          </Button>
        ) : null}
        {shown.close && access.canCloseCase ? (
          <Button type="primary" danger onClick={actions.close} loading={busy === 'close'} disabled={busy !== null}>
            Close
          </Button>
        ) : null}
        {shown.reopen && access.canReopenCase ? (
          <Button onClick={actions.reopen} loading={busy === 'reopen'} disabled={busy !== null}>
            Reopen
          </Button>
        ) : null}
        <Button type="text" icon={<CloseOutlined />} aria-label="Leave the case form" onClick={onLeave} />
      </Space>
    </div>
  );
});
